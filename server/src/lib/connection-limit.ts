import type net from 'node:net';
import ipaddr from 'ipaddr.js';
import { addressKey, type TrustProxy } from './client-address';

const BODY = JSON.stringify({
  message: 'Too many connections from your address. Close some and try again.',
});
const REFUSAL =
  'HTTP/1.1 429 Too Many Requests\r\n' +
  'Content-Type: application/json; charset=utf-8\r\n' +
  'Retry-After: 10\r\n' +
  'Cache-Control: no-store\r\n' +
  'Connection: close\r\n' +
  `Content-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY}`;
/** How long a refused connection may linger (its answer written) before it is cut. */
const REFUSED_LINGER_MS = 1_000;

/**
 * Whether a peer is one of the proxies TRUST_PROXY names: their connections carry many clients,
 * so the per-address limit does not count them (the proxy limits its own clients). With a hop
 * count every peer is such a proxy (the app is then reachable only through them).
 */
export function trustedPeer(trustProxy: TrustProxy): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const ranges = trustProxy.map((entry) => {
    const cidr = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : ([ipaddr.parse(entry), ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128] as [
          ipaddr.IPv4 | ipaddr.IPv6,
          number,
        ]);
    return cidr;
  });
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    let addr = ipaddr.parse(address);
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
      addr = (addr as ipaddr.IPv6).toIPv4Address();
    return ranges.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
  };
}

/**
 * At most `max` open connections from one client address (an IPv6 client by its /64, as the
 * throttles count it); connections beyond it get a 429 and are closed before the HTTP server sees
 * them. Slow-body connections are cut by the request timeout, so this bounds how many one address
 * can hold meanwhile. `exempt` peers (trusted proxies) are not counted. 0 turns it off.
 * docs/decisions/0077-slow-bodies-and-connections.md
 */
export function limitConnectionsPerAddress(
  server: net.Server,
  max: number,
  exempt: (address: string) => boolean,
) {
  if (max <= 0) return;
  const open = new Map<string, number>();
  // The HTTP server starts parsing in its own 'connection' listener; a refused socket must never
  // reach it, so the event is filtered where the server emits it.
  const emit = server.emit.bind(server);
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'connection') return emit(event, ...args);
    const socket = args[0] as net.Socket;
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return emit(event, ...args);
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.resume(); // read and drop what it sends, so the close is not a reset that hides the answer
      socket.on('error', () => undefined);
      socket.end(REFUSAL);
      setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
      return true;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    return emit(event, ...args);
  }) as typeof server.emit;
}
