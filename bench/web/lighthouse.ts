// Lighthouse (the npm package, Debian's Chromium, its default mobile emulation with simulated
// throttling) on the pages a visitor lands on. Each page is run BENCH_WEB_RUNS times (default 3)
// and the run with the median performance score is printed, with LCP, TBT and CLS, and every
// audit that keeps accessibility or best practices below 100; under it, the JS the page loaded
// (bytes as sent, per script) and where the blocking time went: the trace's long tasks and each
// script's main-thread time. Targets: performance >= 95, accessibility 100, best practices 100.
// BENCH_WEB_PAGES (labels up to their first comma, comma-separated: `/auth,timer`) limits the run to those
// pages: on a shared machine, one page at a time, to see the direction of a change.
// BENCH_WEB_LANGUAGES=en-US,de-DE,es-ES runs them in each language and ends with a table of the
// scores by language (docs/decisions/0308-the-words-of-root-picked-by-the-build.md).
import * as chromeLauncher from 'chrome-launcher';
import lighthouseRun from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PASSWORD, type WebBenchContext } from './context';

/** A new member, signed in: the session cookie to send. */
async function signUp(baseUrl: string): Promise<string> {
  const username = `lh${Math.floor(Math.random() * 1e6)}`;
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

interface PageResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
  /** Scripts loaded: bytes as sent, by file. */
  scripts: { url: string; bytes: number }[];
  /** The long tasks (over 50 ms, as Lighthouse simulated them), with the script they ran. */
  longTasks: { url: string; ms: number }[];
  /** Main-thread time per script (scripting and parsing), the largest first. */
  bootup: { url: string; ms: number }[];
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || url;

async function audit(
  url: string,
  port: number,
  headers?: Record<string, string>,
): Promise<PageResult> {
  const result = await lighthouseRun(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(headers ? { extraHeaders: headers } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const failing: string[] = [];
  for (const c of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1)
        failing.push(`${c}: ${a.id} (${a.title})`);
    }
  }
  for (const id of ['errors-in-console', 'inspector-issues']) {
    type Item = {
      description?: string;
      source?: string;
      url?: string;
      issueType?: string;
      subItems?: { items?: { url?: string }[] };
    };
    const items = (lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? [];
    for (const item of items) {
      const where = item.url ?? item.subItems?.items?.map((i) => i.url).join(', ') ?? '';
      failing.push(
        `  ${id}: ${item.issueType ?? item.source ?? ''} ${item.description ?? ''} ${where}`
          .replace(/\s+/g, ' ')
          .trimEnd(),
      );
    }
  }
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    failing,
    scripts: items<{ url: string; resourceType?: string; transferSize?: number }>(
      'network-requests',
    )
      .filter((i) => i.resourceType === 'Script')
      .map((i) => ({ url: short(i.url), bytes: i.transferSize ?? 0 })),
    longTasks: items<{ url: string; duration: number }>('long-tasks').map((i) => ({
      url: short(i.url),
      ms: i.duration,
    })),
    bootup: items<{ url: string; total: number }>('bootup-time').map((i) => ({
      url: short(i.url),
      ms: i.total,
    })),
  };

  function items<T>(id: string): T[] {
    return (lhr.audits[id]?.details as { items?: T[] } | undefined)?.items ?? [];
  }
}

/**
 * An audit, run again (twice at most) when Lighthouse could not record the page at all
 * (NO_NAVSTART, NO_FCP: its trace, not the page); any other error ends the bench.
 */
async function auditRetried(
  url: string,
  port: number,
  headers?: Record<string, string>,
): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, headers);
    } catch (err) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/.test(String(err))) throw err;
      console.log(`      (${String(err).slice(0, 120)}: run again)`);
    }
  }
}

export async function lighthouse(ctx: WebBenchContext) {
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
  // Every page a visitor lands on (each open challenge's home too), and the timer signed in.
  const member = await signUp(ctx.baseUrl);
  const pages: [string, string, Record<string, string>?][] = [
    ['/', '/'],
    ['/auth', '/auth'],
    ['/90second', '/90second'],
    ['/90second/leaderboard', '/90second/leaderboard'],
    ['public profile', `/90second/users/${ctx.profileUser}`],
    ['timer, signed in', '/90second/timer', { cookie: member }],
    ['/burpees-or-bust', '/burpees-or-bust'],
    ['/plank-drop', '/plank-drop'],
  ];
  const only = process.env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim());
  if (only)
    pages.splice(
      0,
      pages.length,
      ...pages.filter(([label]) => only.includes(label.split(',')[0]!)),
    );
  // BENCH_WEB_LANGUAGES=en-US,de-DE,es-ES: each page as a visitor whose browser asks for each
  // language (Chromium's --accept-lang sets navigator.languages, which the app follows, and the
  // Accept-Language the server reads); unset, Chromium's own (en-US).
  const languages = (process.env.BENCH_WEB_LANGUAGES ?? '')
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  const scores = new Map<string, Map<string, PageResult['scores']>>();
  for (const lang of languages.length ? languages : ['']) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [...CHROMIUM_ARGS, ...(lang ? [`--accept-lang=${lang}`] : [])],
    });
    try {
      if (lang) console.log(`\n  -- a browser that asks for ${lang} --`);
      console.log(
        `  (median of ${runs} run${runs === 1 ? '' : 's'} by performance; targets: performance >= 95, accessibility 100, best practices 100)`,
      );
      console.log(`  ${'page'.padEnd(22)} perf  a11y  best   LCP ms   TBT ms   CLS`);
      for (const [label, path, headers] of pages) {
        const results: PageResult[] = [];
        for (let i = 0; i < runs; i++)
          results.push(await auditRetried(`${ctx.baseUrl}${path}`, chrome.port, headers));
        results.sort((a, b) => a.scores.performance - b.scores.performance);
        const r = results[Math.floor(results.length / 2)]!;
        if (!scores.has(label)) scores.set(label, new Map());
        scores.get(label)!.set(lang, r.scores);
        printPage(label, r, results);
      }
    } finally {
      chrome.kill();
    }
  }
  if (languages.length > 1) {
    console.log(`\n  perf / a11y / best practices by language`);
    console.log(`  ${'page'.padEnd(22)} ${languages.map((l) => l.padEnd(13)).join(' ')}`);
    for (const [label, byLang] of scores) {
      const cells = languages.map((l) => {
        const s = byLang.get(l);
        return (s ? `${s.performance}/${s.accessibility}/${s['best-practices']}` : '-').padEnd(13);
      });
      console.log(`  ${label.padEnd(22)} ${cells.join(' ')}`);
    }
  }
}

/** One page's median run: scores and paints, what kept a11y or best practices down, its JS. */
function printPage(label: string, r: PageResult, results: PageResult[]) {
  const all = results.map((x) => x.scores.performance).join('/');
  console.log(
    `  ${label.padEnd(22)} ${String(r.scores.performance).padStart(4)}  ${String(r.scores.accessibility).padStart(4)}  ${String(r.scores['best-practices']).padStart(4)}  ${r.lcp.toFixed(0).padStart(7)}  ${r.tbt.toFixed(0).padStart(7)}  ${r.cls.toFixed(3)}   (perf runs ${all})`,
  );
  for (const f of new Set(results.flatMap((x) => x.failing))) console.log(`      ${f}`);
  const js = r.scripts.reduce((a, x) => a + x.bytes, 0);
  console.log(
    `      JS: ${(js / 1024).toFixed(1)} KB as sent in ${r.scripts.length} scripts (${r.scripts.map((x) => `${x.url} ${(x.bytes / 1024).toFixed(1)}`).join(', ')})`,
  );
  const tasks = r.longTasks.map((t) => `${t.ms.toFixed(0)} ms ${t.url}`).join(', ');
  console.log(`      long tasks: ${tasks || 'none'}`);
  const boot = r.bootup
    .filter((b) => b.ms >= 20)
    .map((b) => `${b.url} ${b.ms.toFixed(0)} ms`)
    .join(', ');
  console.log(`      main-thread time per script (>= 20 ms): ${boot || 'none'}`);
}
