import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The top self-time functions of a .cpuprofile. */
export function profileSummary(file: string, top = 8): string[] {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  prof.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    if (n.callFrame.functionName === '(idle)') return;
    const dt = prof.timeDeltas[i] ?? 0;
    total += dt;
    const url = n.callFrame.url.replace(/^file:\/\//, '').replace(`${root}/`, '');
    const where = url
      ? `${url.replace(/^.*node_modules\//, '')}:${n.callFrame.lineNumber + 1}`
      : '';
    const key = `${n.callFrame.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `    ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}
