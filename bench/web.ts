// `npm run bench:web`: browser figures, printed, never asserted. One app (compiled, seeded) serves
// every section; a section is a file under bench/web/ exporting a function of the context.
// Add a section by adding a line to the list. Design: docs/decisions/0063-browser-bench.md
import { cameraBench } from './camera';
import { printRouteJs } from './js-size';
import { withApp, type WebBenchContext } from './web/context';
import { lighthouse } from './web/lighthouse';
import { timerPrecision } from './web/timer-precision';

const sections: { title: string; run: (ctx: WebBenchContext) => Promise<void> }[] = [
  {
    title: "JS per landing page before its screen renders (the build's chunk graph, gzip)",
    run: async () => printRouteJs(),
  },
  { title: 'Lighthouse (mobile emulation)', run: lighthouse },
  { title: 'Timer precision (real time, a busy worker loading the CPU)', run: timerPrecision },
  { title: 'Camera counting (fake camera, headless Chromium)', run: cameraBench },
];

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
await withApp(Number(process.env.BENCH_WEB_PORT ?? 7390), async (ctx) => {
  for (const s of sections) {
    if (only && !s.title.toLowerCase().includes(only.toLowerCase())) continue;
    console.log(`\n== ${s.title} ==`);
    try {
      await s.run(ctx);
    } catch (err) {
      process.exitCode = 1;
      console.log(`  failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
});
