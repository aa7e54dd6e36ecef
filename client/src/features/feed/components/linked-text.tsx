import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with links inside it, marked `<0>rankings</0>` in the message (the
 * translator moves them with the words): each marked part is drawn by `links[n]`.
 */
export function LinkedText({
  text,
  links,
}: {
  text: string;
  links: readonly ((children: string) => ReactNode)[];
}) {
  const parts: ReactNode[] = [];
  const re = /<(\d+)>(.*?)<\/\1>/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    parts.push(text.slice(at, m.index));
    const draw = links[Number(m[1])];
    parts.push(draw ? draw(m[2]!) : m[2]);
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>{p}</Fragment>
      ))}
    </>
  );
}
