import os from 'node:os';
import { CHALLENGES, catalogueWith, type Challenge } from '@common/challenges';
import { parseEnv, type Env } from './env';
import type { TrustProxy } from './lib/client-address';
import { ARGON2_DEFAULT_COST } from './lib/password';
import type { RequestLogMode } from './plugins/access-log';
import { FILL_BATCH } from './routes/leaderboard';

// The app's configuration, built once from env.ts's settings: every default is env.ts's, so a
// default is written in one place (index.ts passes configFromEnv(env); tests start from
// defaultConfig and override what they test).

export interface AppConfig {
  /**
   * The challenge catalogue with the operator's open set (CHALLENGES; common/challenges.ts):
   * every route that names a challenge checks it here. Tests may pass a catalogue of their own.
   */
  challenges: readonly Challenge[];
  cookieSecure: boolean;
  /** Proxies whose X-Forwarded-For is believed (server/src/lib/client-address.ts). */
  trustProxy: TrustProxy;
  /** Failed logins per username and address, per address, in the window. */
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  loginWindowMs: number;
  registerMax: number;
  registerWindowMs: number;
  /** Workouts one member may save in the window. */
  saveMax: number;
  saveWindowMs: number;
  /** Reports a member may send in the window (POST /api/reports). */
  reportMax: number;
  reportWindowMs: number;
  /** Kudos and comments a member may give in the window (docs/decisions/0248-kudos-and-comments.md). */
  kudosMax: number;
  commentMax: number;
  socialWindowMs: number;
  /** Argon2 hashes at once, and how many more may wait (beyond: 503). */
  argon2Concurrency: number;
  argon2Queue: number;
  /** Argon2id cost of new hashes: OWASP's by default; only test suites that hash a lot lower it. */
  argon2Cost: { memoryCost: number; timeCost: number };
  /** Users per batch when a new leaderboard period is filled in the background; 0: not in the background (tests). */
  periodFillBatch: number;
  /** Folder of the built client; when absent only the API is served. */
  clientDir?: string;
  /**
   * The site's address (scheme://host[:port]) for the absolute URLs of link previews; absent:
   * relative URLs. Never taken from the request's Host (docs/decisions/0082-public-url.md).
   */
  publicUrl?: string;
  /** New share cards drawn per address in the window (beyond: 429); cards already drawn are free. */
  cardRenderMax: number;
  cardRenderWindowMs: number;
  /** Share-card render threads, and the cards that may wait for one (beyond: 503). */
  cardRenderWorkers: number;
  cardRenderQueue: number;
  /** Proof clips read at once, and uploads that may wait (beyond: 503); uploads per member (beyond: 429). */
  clipProbeConcurrency: number;
  clipProbeQueue: number;
  clipUploadMax: number;
  clipUploadWindowMs: number;
  /**
   * Recounts of proof clips run at once on this instance (0: none here), how often the queue is
   * looked at, and how long a running recount's lock holds without a refresh (then another
   * instance takes it). docs/decisions/0241-the-recount-queue.md
   */
  recountConcurrency: number;
  recountPollMs: number;
  recountLockSeconds: number;
  /** How much earlier than its owner's registration a timed score may have begun (0; tests only). */
  holdStartSlackMs: number;
  /** Which requests get an access line, and from how many ms one counts as slow (plugins/access-log.ts). */
  requestLog: RequestLogMode;
  slowRequestMs: number;
  /** Reset requests per client address and per email address in the window (beyond: 429). */
  passwordResetMax: number;
  passwordResetEmailMax: number;
  passwordResetWindowMs: number;
  /** Email change requests per member and per address asked for in the window (beyond: 429). */
  emailChangeMax: number;
  emailChangeAddressMax: number;
  emailChangeWindowMs: number;
  /**
   * The reset request's account work starts a random 0 to this many ms after the answer, so a
   * request sent right behind it cannot time it (docs/decisions/0206-email-change-limits-and-unproven-addresses.md).
   */
  resetWorkJitterMs: number;
  /** Clubs one member may be in, and members one club may hold (docs/decisions/0164-clubs.md). */
  clubsPerMember: number;
  membersPerClub: number;
  /** The site's address in emailed links: PUBLIC_URL, else http://localhost:PORT (index.ts). */
  siteUrl: string;
}

const MINUTE = 60_000;

/** The app's configuration from the parsed settings (env.ts). */
export function configFromEnv(e: Env): AppConfig {
  const cores = os.availableParallelism();
  const argon2Concurrency = e.ARGON2_CONCURRENCY ?? cores;
  return {
    challenges: catalogueWith(e.CHALLENGES),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * MINUTE,
    registerMax: e.REGISTER_MAX,
    registerWindowMs: e.REGISTER_WINDOW_MINUTES * MINUTE,
    saveMax: e.SAVE_MAX,
    saveWindowMs: e.SAVE_WINDOW_MINUTES * MINUTE,
    reportMax: e.REPORT_MAX,
    reportWindowMs: e.REPORT_WINDOW_MINUTES * MINUTE,
    kudosMax: e.KUDOS_MAX,
    commentMax: e.COMMENT_MAX,
    socialWindowMs: e.SOCIAL_WINDOW_MINUTES * MINUTE,
    argon2Concurrency,
    argon2Queue: e.ARGON2_QUEUE ?? 4 * argon2Concurrency,
    argon2Cost: ARGON2_DEFAULT_COST,
    periodFillBatch: FILL_BATCH,
    clientDir: e.CLIENT_DIR,
    publicUrl: e.PUBLIC_URL,
    cardRenderMax: e.CARD_RENDER_MAX,
    cardRenderWindowMs: e.CARD_RENDER_WINDOW_MINUTES * MINUTE,
    cardRenderWorkers: e.CARD_RENDER_WORKERS,
    cardRenderQueue: e.CARD_RENDER_QUEUE,
    clipProbeConcurrency: e.CLIP_PROBE_CONCURRENCY,
    clipProbeQueue: e.CLIP_PROBE_QUEUE,
    clipUploadMax: e.CLIP_UPLOAD_MAX,
    clipUploadWindowMs: e.CLIP_UPLOAD_WINDOW_MINUTES * MINUTE,
    recountConcurrency: e.RECOUNT_CONCURRENCY,
    recountPollMs: e.RECOUNT_POLL_SECONDS * 1000,
    recountLockSeconds: e.RECOUNT_LOCK_SECONDS,
    holdStartSlackMs: e.HOLD_START_SLACK_SECONDS * 1000,
    requestLog: e.LOG_REQUESTS,
    slowRequestMs: e.LOG_SLOW_MS,
    passwordResetMax: e.PASSWORD_RESET_MAX,
    passwordResetEmailMax: e.PASSWORD_RESET_EMAIL_MAX,
    passwordResetWindowMs: e.PASSWORD_RESET_WINDOW_MINUTES * MINUTE,
    emailChangeMax: e.EMAIL_CHANGE_MAX,
    emailChangeAddressMax: e.EMAIL_CHANGE_ADDRESS_MAX,
    emailChangeWindowMs: e.EMAIL_CHANGE_WINDOW_MINUTES * MINUTE,
    resetWorkJitterMs: 1000,
    siteUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    clubsPerMember: e.CLUBS_PER_MEMBER_MAX,
    membersPerClub: e.CLUB_MEMBERS_MAX,
  };
}

/**
 * The defaults, as an app started with no settings has them, except what a test-built app must
 * not pick up from its surroundings: no client folder (API only) and the full catalogue object
 * tests compare against (CHALLENGES: only the default open set is open).
 */
export const defaultConfig: AppConfig = {
  ...configFromEnv(parseEnv({})),
  challenges: CHALLENGES,
  clientDir: undefined,
};
