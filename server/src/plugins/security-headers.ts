import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { THEME_INIT_SCRIPT } from '@common/theme';

// The Content Security Policy of every response (docs/decisions/0006-csp-and-origin-check.md).
const CSP = {
  'default-src': ["'self'"],
  // 'wasm-unsafe-eval' lets the camera's face detector compile its own WebAssembly (served
  // from /camera/, docs/decisions/0051-face-detection-model.md); JavaScript eval stays off.
  // The one inline script, the theme's first-paint class (common/theme.ts), by its hash.
  'script-src': ["'self'", "'wasm-unsafe-eval'", `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`],
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
    ...(hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** CSP and the other security headers on every response (HSTS only behind HTTPS). */
export const securityHeaders = fp<{ hsts: boolean }>(async (app: FastifyInstance, opts) => {
  const headers = securityHeaderValues(opts.hsts);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
