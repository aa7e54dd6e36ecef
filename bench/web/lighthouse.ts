// Lighthouse (the npm package, Debian's Chromium, its default mobile emulation with simulated
// throttling) on the pages a visitor lands on. Each page is run BENCH_WEB_RUNS times (default 3)
// and the run with the median performance score is printed, with LCP, TBT and CLS, and every
// audit that keeps accessibility or best practices below 100. Targets: performance >= 95,
// accessibility 100, best practices 100.
import * as chromeLauncher from 'chrome-launcher';
import lighthouseRun from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, type WebBenchContext } from './context';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

interface PageResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
}

async function audit(url: string, port: number): Promise<PageResult> {
  const result = await lighthouseRun(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const failing: string[] = [];
  for (const c of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.push(`${c}: ${a.id} (${a.title})`);
    }
  }
  for (const id of ['errors-in-console', 'inspector-issues']) {
    type Item = { description?: string; source?: string; url?: string; issueType?: string; subItems?: { items?: { url?: string }[] } };
    const items = (lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? [];
    for (const item of items) {
      const where = item.url ?? item.subItems?.items?.map((i) => i.url).join(', ') ?? '';
      failing.push(`  ${id}: ${item.issueType ?? item.source ?? ''} ${item.description ?? ''} ${where}`.replace(/\s+/g, ' ').trimEnd());
    }
  }
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    failing,
  };
}

export async function lighthouse(ctx: WebBenchContext) {
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
  const pages = [
    ['/', '/'],
    ['/auth', '/auth'],
    ['/leaderboard', '/leaderboard'],
    ['public profile', `/users/${ctx.profileUser}`],
  ] as const;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    console.log(`  (median of ${runs} run${runs === 1 ? '' : 's'} by performance; targets: performance >= 95, accessibility 100, best practices 100)`);
    console.log(`  ${'page'.padEnd(16)} perf  a11y  best   LCP ms   TBT ms   CLS`);
    for (const [label, path] of pages) {
      const results: PageResult[] = [];
      for (let i = 0; i < runs; i++) results.push(await audit(`${ctx.baseUrl}${path}`, chrome.port));
      results.sort((a, b) => a.scores.performance - b.scores.performance);
      const r = results[Math.floor(results.length / 2)]!;
      const all = results.map((x) => x.scores.performance).join('/');
      console.log(
        `  ${label.padEnd(16)} ${String(r.scores.performance).padStart(4)}  ${String(r.scores.accessibility).padStart(4)}  ${String(r.scores['best-practices']).padStart(4)}  ${r.lcp.toFixed(0).padStart(7)}  ${r.tbt.toFixed(0).padStart(7)}  ${r.cls.toFixed(3)}   (perf runs ${all})`,
      );
      for (const f of new Set(results.flatMap((x) => x.failing))) console.log(`      ${f}`);
    }
  } finally {
    chrome.kill();
  }
}
