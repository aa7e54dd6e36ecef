import { createElement, type ReactNode, type SVGProps } from 'react';

// lucide-react's createLucideIcon in a few lines, for the build (vite.config.ts points each icon's
// import of it here): the same <svg> (lucide-icon.test.tsx renders both for every icon the app
// uses), without the provider, attribute renaming and class merging the app never uses. A tenth of
// lucide's bytes on `/` were that machinery (docs/decisions/0310-the-first-script-trimmed.md).

type IconNode = [tag: string, attrs: Record<string, string>][];
export interface IconData {
  name: string;
  node: IconNode;
  /** Older names, each a class too (`lucide-home` beside `lucide-house`). */
  aliases?: string[];
}
type Props = SVGProps<SVGSVGElement> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

/** Whether the icon is named for a screen reader; if not, it is hidden from it (as lucide does). */
const named = (props: object) =>
  Object.entries(props).some(
    ([k, v]) => (k.startsWith('aria-') || k === 'role' || k === 'title') && v != null,
  );

export default function createLucideIcon({ name, node, aliases = [] }: IconData) {
  // A plain component: React 19 hands it `ref` as a prop, which goes to the <svg> with the rest.
  return ({
    color = 'currentColor',
    size = 24,
    strokeWidth = 2,
    absoluteStrokeWidth,
    className = '',
    children,
    ...rest
  }: Props) =>
    createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: color,
        strokeWidth: absoluteStrokeWidth ? (+strokeWidth * 24) / +size : strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [
          ...new Set([
            'lucide',
            ...[name, ...aliases].map((n) => `lucide-${n}`),
            ...className.split(/\s+/),
          ]),
        ]
          .filter(Boolean)
          .join(' '),
        ...(children || named(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...node.map(([tag, attrs]) => createElement(tag, attrs)),
      children,
    );
}
