import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** CSP and the other security headers on every response (HSTS only behind HTTPS). */
export const securityHeaders = fp<{ hsts: boolean }>(async (app: FastifyInstance, opts) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the camera's face detector compile its own WebAssembly (served
        // from /camera/, docs/decisions/1003-face-detection-model.md); JavaScript eval stays off.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Radix's scroll lock injects a <style> element; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Picture URLs are https only (docs/decisions/0902-profile-picture-urls.md).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The app never uses <base>; an injected one could redirect every relative URL.
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: opts.hsts,
  });
});
