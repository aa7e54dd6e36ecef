import { describe, expect, it } from 'vitest';
import { configFromEnv, defaultConfig } from './config';
import { parseEnv } from './env';

describe('configFromEnv', () => {
  it('gives env.ts defaults, in the units the app uses', () => {
    expect(defaultConfig).toMatchObject({
      cookieSecure: false,
      trustProxy: false,
      loginMaxFailures: 10,
      loginIpMaxFailures: 30,
      loginWindowMs: 15 * 60_000,
      saveMax: 30,
      saveWindowMs: 60 * 60_000,
      cardRenderWindowMs: 60_000,
      requestLog: 'failed',
      slowRequestMs: 1000,
      siteUrl: 'http://localhost:5000',
    });
    expect(defaultConfig.clientDir).toBeUndefined();
    expect(defaultConfig.argon2Queue).toBe(4 * defaultConfig.argon2Concurrency);
  });

  it('follows the settings', () => {
    const config = configFromEnv(
      parseEnv({
        NODE_ENV: 'production',
        PORT: '8080',
        ARGON2_CONCURRENCY: '3',
        LOGIN_WINDOW_MINUTES: '2',
        CHALLENGES: 'pushup-90,plank-drop',
      }),
    );
    expect(config.cookieSecure).toBe(true);
    expect(config.siteUrl).toBe('http://localhost:8080');
    expect(config.argon2Concurrency).toBe(3);
    expect(config.argon2Queue).toBe(12);
    expect(config.loginWindowMs).toBe(120_000);
    expect(config.clientDir).toBe('./dist/client');
    expect(config.challenges.filter((c) => c.isActive).map((c) => c.id)).toEqual([
      'pushup-90',
      'plank-drop',
    ]);
  });

  it('lets COOKIE_SECURE override the production default', () => {
    expect(
      configFromEnv(parseEnv({ NODE_ENV: 'production', COOKIE_SECURE: 'false' })).cookieSecure,
    ).toBe(false);
  });
});
