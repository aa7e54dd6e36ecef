import { z } from 'zod';
import { CATALOGUE, canOpen, DEFAULT_OPEN_CHALLENGES } from '@common/challenges';
import { parseTrustProxy } from './lib/client-address';
import { parsePublicUrl } from './lib/public-url';

// The only reader of process.env: everything the server is configured with, parsed once.
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Set the Secure flag on the session cookie (default: on in production). */
  COOKIE_SECURE: bool.optional(),
  /** Proxies in front whose X-Forwarded-For is believed: false, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * The address the site is reached at (https://fitbench.example): link previews' absolute URLs
   * start with it. Needed in production for link previews; absent, they are relative (and the
   * server warns at start). Never taken from the Host header.
   */
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      try {
        return parsePublicUrl(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * The open challenges: comma-separated catalogue ids (common/challenges.ts). The default opens the
   * push-up challenge alone, as the product specification describes the catalogue; the others say
   * Coming Soon. Only an entry with a defined workout can be opened (docs/decisions/0098-challenge-catalogue.md).
   */
  CHALLENGES: z
    .string()
    .default(DEFAULT_OPEN_CHALLENGES.join(','))
    .transform((v, ctx) => {
      const ids = [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      for (const id of ids) {
        const entry = CATALOGUE.find((c) => c.id === id);
        if (!entry)
          ctx.addIssue({
            code: 'custom',
            message: `unknown challenge "${id}" (known: ${CATALOGUE.map((c) => c.id).join(', ')})`,
          });
        else if (!canOpen(entry))
          ctx.addIssue({
            code: 'custom',
            message: `"${id}" has no defined workout yet and cannot be opened`,
          });
      }
      if (ids.length === 0)
        ctx.addIssue({ code: 'custom', message: 'name at least one challenge' });
      return ids;
    }),
  /** New share cards drawn per client address in the window (beyond: 429); cards already drawn are free. */
  CARD_RENDER_MAX: z.coerce.number().int().positive().default(30),
  CARD_RENDER_WINDOW_MINUTES: z.coerce.number().positive().default(1),
  /** Share-card render threads, and the cards that may wait for one (beyond: 503). */
  CARD_RENDER_WORKERS: z.coerce.number().int().positive().max(16).default(1),
  CARD_RENDER_QUEUE: z.coerce.number().int().min(0).default(8),
  /** Proof clips read (ffprobe, ffmpeg) at once, and the uploads that may wait (beyond: 503). */
  CLIP_PROBE_CONCURRENCY: z.coerce.number().int().positive().max(16).default(1),
  CLIP_PROBE_QUEUE: z.coerce.number().int().min(0).default(4),
  /** Proof-clip uploads one member may send in the window, kept or refused (beyond: 429). */
  CLIP_UPLOAD_MAX: z.coerce.number().int().positive().default(10),
  CLIP_UPLOAD_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  /**
   * Server recounts of proof clips (docs/decisions/0241-the-recount-queue.md): how many run at
   * once on this instance (0: this instance runs none; each takes about one core while it runs),
   * how often the queue is looked at, and how long a running recount's lock holds unrefreshed.
   */
  RECOUNT_CONCURRENCY: z.coerce.number().int().min(0).max(8).default(1),
  RECOUNT_POLL_SECONDS: z.coerce.number().positive().default(5),
  RECOUNT_LOCK_SECONDS: z.coerce.number().int().min(5).default(120),
  /**
   * How much earlier than its owner's registration a timed score may have begun: 0 in production.
   * Only for test setups whose browser clock runs ahead of the server's (a hold fast-forwarded).
   */
  HOLD_START_SLACK_SECONDS: z.coerce.number().int().min(0).default(0),
  /**
   * Outgoing mail: `smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465`. Unset:
   * messages are written to DATA_DIR/outbox as .eml files (docs/decisions/0110).
   */
  SMTP_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || /^smtps?:\/\/[^/]/.test(v),
      'must start with smtp:// or smtps://',
    ),
  /** The From of every message. */
  MAIL_FROM: z.string().default('FitBench <fitbench@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests with an access line: failed (4xx/5xx) and slow ones, all, or none (docs/decisions/0130). */
  LOG_REQUESTS: z.enum(['failed', 'all', 'none']).default('failed'),
  /** From how many ms a request counts as slow (then logged whatever its status). */
  LOG_SLOW_MS: z.coerce.number().int().positive().default(1000),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  SAVE_MAX: z.coerce.number().int().positive().default(30),
  SAVE_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  /** Reports one member may send in the window (POST /api/reports; beyond: 429). */
  REPORT_MAX: z.coerce.number().int().positive().default(10),
  REPORT_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  /** Kudos and comments one member may give in the window (beyond: 429; docs/decisions/0248-kudos-and-comments.md). */
  KUDOS_MAX: z.coerce.number().int().positive().default(300),
  COMMENT_MAX: z.coerce.number().int().positive().default(30),
  SOCIAL_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  /** Argon2 hashes at once (default: the core count) and how many more may queue (default 4 x that). */
  ARGON2_CONCURRENCY: z.coerce.number().int().positive().optional(),
  ARGON2_QUEUE: z.coerce.number().int().min(0).optional(),
  REGISTER_MAX: z.coerce.number().int().positive().default(30),
  REGISTER_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  /** Password reset requests per client address, and per email address, in the window (beyond: 429). */
  PASSWORD_RESET_MAX: z.coerce.number().int().positive().default(10),
  PASSWORD_RESET_EMAIL_MAX: z.coerce.number().int().positive().default(3),
  PASSWORD_RESET_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  /**
   * Email change requests per member, and per address asked for, in the window (beyond: 429;
   * docs/decisions/0206-email-change-limits-and-unproven-addresses.md).
   */
  EMAIL_CHANGE_MAX: z.coerce.number().int().positive().default(5),
  EMAIL_CHANGE_ADDRESS_MAX: z.coerce.number().int().positive().default(3),
  EMAIL_CHANGE_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  /** Clubs one member may be in, and members one club may hold (beyond: 409; docs/decisions/0164-clubs.md). */
  CLUBS_PER_MEMBER_MAX: z.coerce.number().int().positive().default(50),
  CLUB_MEMBERS_MAX: z.coerce.number().int().positive().default(10_000),
  CLIENT_DIR: z.string().default('./dist/client'),
  /** The process's leaderboard cache (docs/decisions/0019); off only to measure without it. */
  BOARD_CACHE: bool.default(true),
  /** The process's cache of signed-in lookups (docs/decisions/0070); off only to measure without it. */
  SESSION_CACHE: bool.default(true),
  /**
   * Seconds a SIGTERM stop waits for in-flight requests and the database's close before giving
   * up (exit 1, after SHUTDOWN_DELAY_SECONDS). The process ends by then whatever is pending.
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(9),
  /**
   * Seconds a request (headers and body) may take to arrive; a slower one gets 408 and its
   * connection is closed (docs/decisions/0077-slow-bodies-and-connections.md).
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(3600).default(25),
  /** Seconds a connection may pass with no traffic either way before it is closed. */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  /**
   * Open connections one client address may hold (an IPv6 client by its /64); more are answered
   * 429 and closed. Trusted proxies (TRUST_PROXY) are not counted. 0 turns the limit off.
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
  /**
   * Seconds between SIGTERM and closing the port: readiness answers 503 meanwhile, so balancers
   * that probe it (Caddy, orchestrators) stop sending first. 0 closes at once.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  // Test-only knobs, read here so no other file touches process.env.
  TEST_DATABASE_URL: z.string().optional(),
  TEST_DB_KIND: z.enum(['pglite', 'postgres']).optional(),
  E2E_DATA_DIR: z.string().optional(),
  /** Registers GET /api/test/slow for the reliability suite (server/src/routes/test-support). */
  TEST_SLOW_ROUTE: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set" (as shells and CI often pass them).
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);
