import v8 from 'node:v8';

// Set before the app is built (server/src/index.ts imports this first). With V8's allocation-site
// pretenuring on, about one start in five under load decided to allocate per-request objects
// straight into the old generation and stayed that way: a quarter to a third of the CPU in the
// garbage collector and 30-35% fewer answers a second on /api/health, for the life of the
// process. Off, no start did so, and the good starts were as fast.
// docs/decisions/0194-no-allocation-site-pretenuring.md
v8.setFlagsFromString('--no-allocation-site-pretenuring');
