// `npm start`: build what is missing or stale (see scripts/build.mjs), then run the compiled
// server in this same process (so signals reach it directly, with no npm or shell in between).
import { build } from './build.mjs';

await build();
// No process.setSourceMapsEnabled: the server maps the stacks it logs itself, when it logs one
// (server/src/lib/source-stack.ts).
await import('../dist/server/index.js');
