import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { parsePublicUrl } from './public-url';

describe('PUBLIC_URL', () => {
  it('gives the origin: scheme and host lowercased, the default port and a final slash dropped', () => {
    expect(parsePublicUrl('https://FitBench.Example/')).toBe('https://fitbench.example');
    expect(parsePublicUrl('https://fitbench.example:443')).toBe('https://fitbench.example');
    expect(parsePublicUrl('http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
    expect(parsePublicUrl(' https://[::1]:8443 ')).toBe('https://[::1]:8443');
  });

  it.each([
    ['fitbench.example', /not a URL/],
    ['ftp://fitbench.example', /https:\/\//],
    ['javascript:alert(1)', /https:\/\//],
    ['https://user:pw@fitbench.example', /user name or password/],
    ['https://fitbench.example/app', /origin only/],
    ['https://fitbench.example/?x=1', /origin only/],
    ['https://fitbench.example/#top', /origin only/],
  ])('refuses %s', (raw, message) => {
    expect(() => parsePublicUrl(raw)).toThrow(message);
  });

  it('is read by env.ts, which names the variable in its error', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://FITBENCH.example' }).PUBLIC_URL).toBe(
      'https://fitbench.example',
    );
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
    expect(() => parseEnv({ PUBLIC_URL: 'https://fitbench.example/app' })).toThrow(
      /PUBLIC_URL: must be the site's origin only/,
    );
  });
});
