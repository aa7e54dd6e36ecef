import { Fragment, type ReactNode } from 'react';

// A translated line whose figures are drawn apart (bold), wherever the language puts them: the
// message is made with figure(i) as its placeholders' values, and split back around them here.
const MARK = /\uE000(\d+)\uE001/;

/** The stand-in for the i-th figure, given to a message as a placeholder's value. */
export const figure = (i: number) => `\uE000${i}\uE001`;

/** `text` with each figure(i) in it replaced by `figures[i]`. */
export function withFigures(text: string, figures: readonly ReactNode[]): ReactNode[] {
  return text
    .split(MARK)
    .map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{figures[Number(part)]}</Fragment> : part));
}
