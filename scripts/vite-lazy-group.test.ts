import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyGroup } from './vite-lazy-group';

// A module graph as the build's plugin context gives it: file -> static imports.
const graph: Record<string, string[]> = {
  '/app/main.tsx': ['/app/get-user.ts', '/nm/react.js'],
  '/app/get-user.ts': ['/nm/react.js'],
  '/nm/react.js': [],
  '/app/query-provider.tsx': ['/app/query-client.ts', '/nm/react.js', '/app/get-user.ts'],
  '/app/query-client.ts': ['/nm/query-core.js'],
  '/nm/query-core.js': [],
  '/app/leaderboard.tsx': ['/nm/query-core.js', '/app/row.tsx'],
  '/app/row.tsx': [],
};
const context = { getModuleInfo: (id: string) => (graph[id] ? { importedIds: graph[id] } : null) };

function build(module: string) {
  const { plugin, group } = lazyGroup('query-provider', '/app/main.tsx', module);
  (plugin.buildEnd as (this: typeof context, error?: Error) => void).call(context);
  const test = group.test as (id: string) => boolean;
  return Object.keys(graph).filter((id) => test(id));
}

describe('lazyGroup', () => {
  it('takes the module and its static imports, none of the first script\'s', () => {
    expect(build('/app/query-provider.tsx')).toEqual(['/app/query-provider.tsx', '/app/query-client.ts', '/nm/query-core.js']);
  });

  // Otherwise Rolldown would pull the first script's modules into the chunk, and the first script
  // would import it.
  it('asks Rolldown for the captured modules only, not their dependencies', () => {
    const { group } = lazyGroup('x', '/app/main.tsx', '/app/query-provider.tsx');
    expect(group.includeDependenciesRecursively).toBe(false);
  });

  it('fails the build when the module is not in it', () => {
    expect(() => build(path.resolve('/app/missing.tsx'))).toThrow(/missing\.tsx is not in the build/);
  });
});
