import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { smtpTransport, type MailTransport } from '../mail/transport';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: ParsedMail['headers'];
  /** The raw List-Unsubscribe header's value, or null (mailparser files it under `list`). */
  listUnsubscribe: string | null;
}

/**
 * A real SMTP server (nodemailer's smtp-server) on a free port of 127.0.0.1, keeping what it
 * receives, parsed. `refuse(n)` makes it answer the next n messages with a temporary failure.
 */
export async function startTestSmtp() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((m) => {
            const to = Array.isArray(m.to) ? m.to[0] : m.to;
            received.push({
              to: to?.value[0]?.address ?? '',
              subject: m.subject ?? '',
              text: m.text ?? '',
              html: typeof m.html === 'string' ? m.html : '',
              messageId: m.messageId ?? '',
              headers: m.headers,
              listUnsubscribe:
                m.headerLines
                  .find((h) => h.key === 'list-unsubscribe')
                  ?.line.replace(/^List-Unsubscribe:\s*/i, '') ?? null,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const url = `smtp://127.0.0.1:${port}`;
  return {
    url,
    received,
    /** A transport that sends here, as SMTP_URL would. */
    transport(): MailTransport {
      return smtpTransport(url, 'FitBench <fitbench@test.example>');
    },
    refuse(n: number) {
      refusals = n;
    },
    /** The messages to `to` (all when omitted). */
    to(address?: string) {
      return received.filter((m) => !address || m.to.toLowerCase() === address.toLowerCase());
    },
    /**
     * Waits until `count` messages reached `to`, and returns them. The limit only ends a wait for
     * a message that never comes: on a 2-core machine under load a queue pass can take seconds, so
     * it is far above a normal delivery (docs/decisions/0263-tests-that-start-clean.md).
     */
    async waitFor(to: string, count = 1): Promise<ReceivedMail[]> {
      const started = Date.now();
      while (Date.now() - started < 40_000) {
        const got = this.to(to);
        if (got.length >= count) return got;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(
        `expected ${count} message(s) to ${to}; got ${this.to(to).length}: ${received.map((m) => `${m.to}: ${m.subject}`).join('; ')}`,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;

/** The first link in a message's text that starts with `base` + `path`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === path);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(match);
}
