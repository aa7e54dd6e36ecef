import { describe, expect, it } from 'vitest';
import { describeDevice, storedUserAgent, USER_AGENT_STORED_MAX } from './user-agent';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
    ['something odd', 'Unknown device'],
  ])('%s -> %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});

describe('storedUserAgent', () => {
  it('cuts long headers, drops control characters and keeps nothing for an empty header', () => {
    expect(storedUserAgent('x'.repeat(5000))).toHaveLength(USER_AGENT_STORED_MAX);
    expect(storedUserAgent('a\u0000b\nc')).toBe('abc');
    expect(storedUserAgent(undefined)).toBeNull();
    expect(storedUserAgent('')).toBeNull();
  });
});
