import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

// A Web Push endpoint on 127.0.0.1 (https, with a certificate made for the tests), which makes
// subscriptions as a browser would and DECRYPTS what it receives with their keys (aes128gcm,
// RFC 8188 and RFC 8291).

const fixture = (name: string) =>
  fs.readFileSync(new URL(`./fixtures/push-endpoint/${name}`, import.meta.url));
const cert = fixture('cert.pem');
const key = fixture('key.pem');

export interface ReceivedPush {
  subscription: string;
  /** The decrypted payload, as text. */
  text: string;
  /** The VAPID Authorization header ("vapid t=..., k=..."). */
  authorization: string;
  ttl: string;
}

interface Sub {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  gone: boolean;
  /** Requests received for it, answered or not. */
  requests: number;
  /** The next requests' answers, in order; then 201 (decrypted) as a push service would. */
  script: Answer[];
}

/** A scripted answer: a status (with headers), or 'reset' (the connection dropped, no answer). */
export type Answer = { status: number; headers?: Record<string, string> } | 'reset';

const hmac = (keyBytes: Buffer, data: Buffer) =>
  createHmac('sha256', keyBytes).update(data).digest();

/** Decrypts one aes128gcm message for a subscription (one record, as web-push sends). */
export function decryptPush(
  body: Buffer,
  ecdh: ReturnType<typeof createECDH>,
  authSecret: Buffer,
): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(senderPublic);
  // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    uaPublic,
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  // RFC 8188 section 2.2/2.3: content-encryption key and nonce.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // Padding: the last record ends with 0x02 then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('bad padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startPushEndpoint() {
  const subs = new Map<string, Sub>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const sub = subs.get(id);
      if (!sub || sub.gone) {
        if (sub) sub.requests += 1;
        res.writeHead(sub ? 410 : 404).end();
        return;
      }
      sub.requests += 1;
      const scripted = sub.script.shift();
      if (scripted === 'reset') {
        req.socket.destroy();
        return;
      }
      if (scripted) {
        res.writeHead(scripted.status, scripted.headers).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const text = decryptPush(Buffer.concat(chunks), sub.ecdh, sub.auth);
        received.push({
          subscription: id,
          text,
          authorization: String(req.headers.authorization ?? ''),
          ttl: String(req.headers.ttl ?? ''),
        });
        res.writeHead(201).end();
      } catch (err) {
        errors.push((err as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    errors,
    /** An agent that trusts this endpoint's certificate (and nothing else). */
    agent: new https.Agent({ ca: cert }),
    /** A new subscription, as PushSubscription.toJSON() gives it. */
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const sub: Sub = { id, ecdh, auth: randomBytes(16), gone: false, requests: 0, script: [] };
      subs.set(id, sub);
      return {
        id,
        endpoint: `https://127.0.0.1:${port}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: sub.auth.toString('base64url'),
        },
      };
    },
    /** From now on the endpoint answers 410 Gone for this subscription. */
    expire(id: string) {
      subs.get(id)!.gone = true;
    },
    /** The next requests for this subscription get these answers, in order (then 201). */
    answer(id: string, ...answers: Answer[]) {
      subs.get(id)!.script.push(...answers);
    },
    /** How many requests this subscription's endpoint received, whatever it answered. */
    requests: (id: string) => subs.get(id)!.requests,
    to: (id: string) => received.filter((r) => r.subscription === id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushEndpoint = Awaited<ReturnType<typeof startPushEndpoint>>;
