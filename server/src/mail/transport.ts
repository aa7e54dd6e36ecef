import fs from 'node:fs';
import path from 'node:path';
import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';

type Nodemailer = typeof nodemailerModule;

/** One message as it leaves: the queue row's content plus the sender. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

/** Where mail goes: an SMTP server, or `.eml` files in a folder. */
export interface MailTransport {
  /** Resolves once the message is accepted (by the SMTP server, or written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  /** For the start-up log line: where messages go, without credentials. */
  readonly description: string;
  close(): void;
}

/**
 * A nodemailer transporter made with the first message: nodemailer is loaded then, not at start
 * (about 0.13 s imported alone, docs/decisions/0188-board-arguments-and-a-lighter-start.md), and
 * most starts send nothing.
 */
function lazyTransporter(make: (nodemailer: Nodemailer) => Transporter) {
  let made: Promise<Transporter> | undefined;
  let closed = false;
  return {
    get: () => (made ??= import('nodemailer').then((m) => make(m.default))),
    close() {
      if (closed) return;
      closed = true;
      // A load that failed has nothing to close (its send already reported the error).
      made?.then((t) => t.close()).catch(() => undefined);
    },
  };
}

// An SMTP exchange that hangs must not hold a claimed message past its lease (mail-queue.ts).
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/**
 * SMTP through nodemailer: `smtp://user:pass@host:587` upgrades with STARTTLS when the server
 * offers it, `smtps://host:465` is TLS from the start (nodemailer reads both from the URL).
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = lazyTransporter((nodemailer) =>
    nodemailer.createTransport(url, { ...SMTP_TIMEOUTS, from }),
  );
  const shown = new URL(url);
  return {
    description: `SMTP ${shown.protocol}//${shown.host}`,
    async send(mail) {
      await (await transporter.get()).sendMail({ from, ...mailFields(mail) });
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP server configured: each message becomes an `.eml` file in `dir` (owner-only, as all of
 * DATA_DIR), which a mail program opens, so a single-machine operator can still read and forward
 * them. Nothing is ever dropped silently.
 */
export function outboxTransport(dir: string, from: string): MailTransport {
  const transporter = lazyTransporter((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    description: `files in ${dir}`,
    async send(mail) {
      const info = await (await transporter.get()).sendMail({ from, ...mailFields(mail) });
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^A-Za-z0-9.-]/g, '')}.eml`;
      await fs.promises.writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => undefined,
  };
}

function mailFields(mail: OutgoingMail) {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: mail.messageId,
  };
}
