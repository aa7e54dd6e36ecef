// `npm start`: build what is missing or stale (see scripts/build.mjs), then run the compiled
// server in this same process (so signals reach it directly, with no npm or shell in between).
import { build } from './build.mjs';

await build();
process.setSourceMapsEnabled(true);
await import('../dist/server/index.js');
