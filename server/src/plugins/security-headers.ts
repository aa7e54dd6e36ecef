import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { THEME_INIT_SCRIPT } from '@common/theme';
import { isMediaResponse } from './openapi';

// The Content Security Policy of every response (docs/decisions/0006-csp-and-origin-check.md).
const CSP = {
  'default-src': ["'self'"],
  // 'wasm-unsafe-eval' lets the camera's face detector compile its own WebAssembly (served
  // from /camera/, docs/decisions/0051-face-detection-model.md); JavaScript eval stays off.
  // The one inline script, the theme's first-paint class (common/theme.ts), by its hash.
  'script-src': [
    "'self'",
    "'wasm-unsafe-eval'",
    `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`,
  ],
  // Radix's scroll lock injects a <style> element; scripts stay strictly 'self'.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Picture URLs are https only (docs/decisions/0046-profile-picture-urls.md).
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  // The app never uses <base>; an injected one could redirect every relative URL.
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Both sets below carry it when the app is reached over HTTPS: HTTPS only, for a year. */
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/**
 * The security headers, worked out once: the set helmet sends with the options this app used
 * (byte for byte), as a constant object. Setting them is then one loop per response, where helmet
 * ran its middleware chain on every request (docs/decisions/0058-per-request-work-and-bench.md).
 */
export function securityHeaderValues(hsts: boolean): Record<string, string> {
  return {
    'content-security-policy': Object.entries(CSP)
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(hsts ? HSTS : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The headers of an API answer that is JSON: it is read by scripts, never rendered as a page, so
 * the page's policy (sources for scripts, styles, images, forms) says nothing for it. What it needs
 * is what OWASP's REST Security Cheat Sheet lists: nothing may load or frame it as a document, no
 * type sniffing, no cross-origin reads, and HSTS behind HTTPS. A quarter of the bytes of the page's
 * set, on the app's most frequent answers (docs/decisions/0193-api-answers-with-api-headers.md).
 */
export function apiHeaderValues(hsts: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(hsts ? HSTS : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** Whether every answer a route gives is JSON: an /api route whose response schemas are all zod's. */
function answersJsonOnly(route: { url: string; schema?: { response?: unknown } }): boolean {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return false;
  const responses = route.schema?.response;
  if (!responses || typeof responses !== 'object') return false;
  return !Object.values(responses).some(isMediaResponse);
}

/**
 * The security headers on every response (HSTS only behind HTTPS): the page's set (CSP and the
 * rest) on pages, files and anything else, the API's set on routes that answer JSON only.
 */
export const securityHeaders = fp<{ hsts: boolean }>(async (app: FastifyInstance, opts) => {
  const headers = securityHeaderValues(opts.hsts);
  const apiHeaders = apiHeaderValues(opts.hsts);
  // Per route path (as registered, with its prefix): whether every route on it answers JSON only.
  // One route that does not (another method) gives the whole path the page's set.
  const jsonOnly = new Map<string, boolean>();
  app.addHook('onRoute', (route) => {
    jsonOnly.set(route.url, (jsonOnly.get(route.url) ?? true) && answersJsonOnly(route));
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(jsonOnly.get(request.routeOptions.url ?? '') === true ? apiHeaders : headers);
    done();
  });
});
