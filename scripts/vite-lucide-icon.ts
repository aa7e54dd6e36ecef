import type { Plugin } from 'vite';

/**
 * In the build, every lucide-react icon is made by client/src/lib/lucide-icon.ts, not by the
 * package's createLucideIcon: the same <svg> (lucide-icon.test.ts renders both for every icon the
 * app imports) without the provider, attribute renaming and class merging the app never uses, a
 * kilobyte gzip less on every page (docs/decisions/0310-the-first-script-trimmed.md). Each icon module
 * (`lucide-react/dist/esm/icons/*.mjs`) imports `../createLucideIcon.mjs`; that import is
 * answered here. Dev server and tests keep the package's own.
 */
export function lucideIconPlugin(shim: string): Plugin {
  return {
    name: 'fitbench-lucide-icon',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../createLucideIcon.mjs') return null;
      return /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer ?? '') ? shim : null;
    },
  };
}
