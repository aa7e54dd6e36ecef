// Imported first by main.tsx. Zod compiles object parsers with `new Function` and probes for it
// when a schema is built; the CSP forbids eval (docs/decisions/0006-csp-and-origin-check.md), so
// the probe became a CSP violation in Chrome's Issues panel and cost Lighthouse's best practices.
// Zod reads its config from this global before any schema exists: no JIT in the browser.
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig ??= {};
(
  globalThis as unknown as { __zod_globalConfig: Record<string, unknown> }
).__zod_globalConfig.jitless = true;
