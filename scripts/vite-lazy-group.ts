// One chunk for a lazy module and everything it imports that the first script does not: a
// Rolldown code-splitting group whose modules are found from the module graph at the end of the
// build (a plugin), since which of them the first script shares is only known then. Without it,
// Rolldown splits them into a chunk per set of importers (eight for the query provider),
// each a request before a screen can render. docs/decisions/0074-route-modulepreload.md
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type Group = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];

/**
 * `module` (a file) and its static imports, less the static imports of `entry` (a file): the
 * group's modules. Only right when nothing loads any of them without `module` being loaded too.
 */
export function lazyGroup(name: string, entry: string, module: string): { plugin: Plugin; group: Group } {
  const captured = new Set<string>();
  const plugin: Plugin = {
    name: `fitbench-lazy-group-${name}`,
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const closure = (id: string, into = new Set<string>()) => {
        if (into.has(id)) return into;
        into.add(id);
        for (const i of this.getModuleInfo(id)?.importedIds ?? []) closure(i, into);
        return into;
      };
      const first = closure(path.resolve(entry));
      const root = path.resolve(module);
      if (!this.getModuleInfo(root)) throw new Error(`lazy group ${name}: ${module} is not in the build`);
      captured.clear();
      for (const id of closure(root)) if (!first.has(id)) captured.add(id);
    },
  };
  return {
    plugin,
    group: {
      name,
      test: (id) => captured.has(id),
      // Only the captured modules: their imports outside the set are the first script's, which
      // must stay where they are (otherwise the first script would import this chunk).
      includeDependenciesRecursively: false,
    },
  };
}
