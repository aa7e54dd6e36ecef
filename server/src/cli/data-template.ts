// Run by scripts/build.mjs, bundled beside the compiled server: makes the folder a new data folder
// starts as (db/client.ts, copyDataTemplate): PGlite's initdb and every migration, done once at
// build time. Usage: node data-template.js <folder>
import fs from 'node:fs';
import { openPglite } from '../db/client';

const folder = process.argv[2];
if (!folder) throw new Error('usage: data-template <folder>');
fs.rmSync(folder, { recursive: true, force: true });
const database = await openPglite({ dataDir: folder });
await database.close();
