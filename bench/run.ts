// `npm run bench`: prints the project's speed and size figures, one section after another.
// Sections are files in bench/; each prints its own figures and the load average beside them.
import fs from 'node:fs';
import path from 'node:path';
import { printJsSize } from './js-size';
import { runRoutesBench } from './routes';

const sections: { name: string; run: () => Promise<void> }[] = [
  { name: 'routes', run: runRoutesBench },
  { name: 'js-size', run: () => printJsSize() },
];

// Sections others add as their own files, run when present.
for (const file of ['login-flood.ts']) {
  const at = path.join(import.meta.dirname, file);
  if (fs.existsSync(at)) {
    sections.push({
      name: file,
      run: async () => {
        const mod = (await import(at)) as { run?: () => Promise<void> };
        await mod.run?.();
      },
    });
  }
}

for (const section of sections) {
  await section.run();
}
