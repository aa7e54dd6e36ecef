import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with parts drawn otherwise (bold, a link), marked `<0>...</0>` in the
 * message so the translator moves them with the words: each marked part is drawn by `parts[n]`.
 */
export function MarkedText({
  text,
  parts,
}: {
  text: string;
  parts: readonly ((children: string) => ReactNode)[];
}) {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(/<(\d+)>(.*?)<\/\1>/g)) {
    out.push(text.slice(at, m.index));
    const draw = parts[Number(m[1])];
    out.push(draw ? draw(m[2]!) : m[2]);
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return (
    <>
      {out.map((p, i) => (
        <Fragment key={i}>{p}</Fragment>
      ))}
    </>
  );
}
