import ipaddr from 'ipaddr.js';
import { isIPv4 } from 'node:net';

/**
 * The key that counts an address in the throttles: an IPv4 address as it is, an IPv6 address by
 * its /64 (one subscriber usually holds a whole /64, so counting single IPv6 addresses would let
 * one attacker rotate through billions of them). docs/decisions/0031-login-throttles-and-passwords.md
 */
export function addressKey(ip: string): string {
  // Most connections: an IPv4 address as the socket gives it, plain or IPv4-mapped, already in the
  // form ipaddr.js would print (its parser cost a connection's first answer 8 ms).
  if (isIPv4(ip)) return ip;
  if (ip.startsWith('::ffff:') && isIPv4(ip.slice(7))) return ip.slice(7);
  if (!ipaddr.isValid(ip)) return ip;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/**
 * TRUST_PROXY as Fastify takes it: `false` (use the socket's address), a number of proxy hops
 * to trust, or a list of proxy addresses / CIDR ranges. `true` (trust any X-Forwarded-For) is
 * refused: the client could then name any address it likes. docs/decisions/0034-trust-proxy.md
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would let any client name its own address in X-Forwarded-For. Give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8,192.168.1.7).',
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 20) throw new Error('TRUST_PROXY: a hop count above 20 is surely a mistake.');
    return hops;
  }
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const e of entries) {
    const ok = e.includes('/') ? isCidr(e) : ipaddr.isValid(e);
    if (!ok)
      throw new Error(
        `TRUST_PROXY: "${e}" is not an IP address or CIDR range (use false, a hop count, or addresses).`,
      );
  }
  return entries;
}

function isCidr(s: string): boolean {
  try {
    ipaddr.parseCIDR(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * Fastify's form of it. A hop count becomes "trust the nearest N addresses" (as Express's
 * `trust proxy` number): Fastify itself ignores X-Forwarded-For for a bare number. It is only
 * safe when the app cannot be reached except through those proxies.
 */
export function trustProxyOption(
  tp: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return tp === 0 ? false : (_address, hop) => hop < tp;
  return tp;
}
