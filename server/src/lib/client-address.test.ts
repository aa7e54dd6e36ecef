import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

// The throttles' key of an address (docs/decisions/0031-login-throttles-and-passwords.md).
describe('addressKey', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['203.0.113.9', '203.0.113.9'],
    // IPv4-mapped, as a dual-stack socket gives it, in every spelling.
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['::ffff:cb00:7109', '203.0.113.9'],
    // IPv6 by its /64.
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    // Not an address: counted as it is.
    ['not-an-address', 'not-an-address'],
  ])('%s -> %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('gives a plain or mapped IPv4 address the key ipaddr.js would print', () => {
    for (const ip of ['0.0.0.0', '10.0.0.1', '192.168.255.254', '255.255.255.255']) {
      expect(addressKey(ip)).toBe(ipaddr.parse(ip).toString());
      expect(addressKey(`::ffff:${ip}`)).toBe(
        (ipaddr.parse(`::ffff:${ip}`) as ipaddr.IPv6).toIPv4Address().toString(),
      );
    }
  });
});
