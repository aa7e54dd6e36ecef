import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { barrelExports, namedImports } from '../../../scripts/vite-landing-groups';
import createLucideIcon, { type IconData } from './lucide-icon';

// The build makes every lucide-react icon with ./lucide-icon.ts (scripts/vite-lucide-icon.ts): for
// every icon the client imports, and the props it passes, the same markup as lucide's own
// (docs/decisions/0310-the-first-script-trimmed.md).
const root = path.resolve(import.meta.dirname, '../../..');
const lucide = path.join(root, 'node_modules/lucide-react/dist/esm');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const used = new Set(
  sources(path.join(root, 'client/src')).flatMap((f) =>
    namedImports(fs.readFileSync(f, 'utf8'), 'lucide-react'),
  ),
);
const files = barrelExports(fs.readFileSync(path.join(lucide, 'lucide-react.mjs'), 'utf8'));

const PROPS: Record<string, unknown>[] = [
  {},
  { className: 'size-4 text-primary' },
  { className: 'size-4 size-4', 'aria-hidden': 'true' },
  { 'aria-label': 'Close', role: 'img' },
  { size: 16, strokeWidth: 3, color: 'red' },
  { size: 32, strokeWidth: 1.5, absoluteStrokeWidth: true, 'data-testid': 'icon' },
];

describe("the build's icons", () => {
  it('finds the icons the client imports', () => {
    expect(used.size).toBeGreaterThan(20);
  });

  it.each([...used])('%s draws as lucide draws it', async (name) => {
    const file = files.get(name);
    expect(file, `${name} in lucide-react's index`).toBeDefined();
    const icon = (await import(path.join(lucide, file!))) as {
      default: ComponentType<Record<string, unknown>>;
      __iconData: IconData;
    };
    const ours = createLucideIcon(icon.__iconData) as unknown as ComponentType<
      Record<string, unknown>
    >;
    for (const props of PROPS)
      expect(renderToStaticMarkup(createElement(ours, props)), JSON.stringify(props)).toBe(
        renderToStaticMarkup(createElement(icon.default, props)),
      );
  });
});
