import type https from 'node:https';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { say } from '@common/say';
import { currentLanguage } from '../../lib/i18n';
import type { Db } from '../../db/client';
import type { ReminderKeys } from './keys';

/** What the service worker receives (client/public/push-handler.js reads it). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  /** Where the "turn off" action posts (the one-click unsubscribe URL). */
  offUrl: string;
  /**
   * The "turn off" action's title in the member's language; absent in English (the service
   * worker's own words, so an English payload stays as it was).
   */
  offLabel?: string;
}

export interface PushOptions {
  keys: ReminderKeys;
  /** The VAPID subject: an https URL or mailto: address of the operator. */
  subject: string;
  /** Tests pass one that trusts their local push endpoint's certificate. */
  agent?: https.Agent;
}

export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** One push request to one device; rejects as web-push does (a WebPushError has statusCode). */
export async function sendPush(device: PushDevice, payload: PushPayload, opts: PushOptions) {
  await webpush.sendNotification(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: {
        subject: opts.subject,
        publicKey: opts.keys.vapidPublic,
        privateKey: opts.keys.vapidPrivate,
      },
      TTL: 6 * 3600,
      contentEncoding: 'aes128gcm',
      timeout: 20_000,
      ...(opts.agent ? { agent: opts.agent } : {}),
    },
  );
}

/**
 * Queues the payload for each of the member's devices (./push-queue.ts sends it). `db` may be the
 * transaction that claims the reminder or digest: the pushes then exist only if the claim commits,
 * and an instance that stops after the commit leaves them to another.
 */
export async function queuePushToMember(
  db: Db,
  userId: number,
  payload: PushPayload,
  now: Date,
): Promise<void> {
  // Title and body come said in the member's language (the job runs in inLanguage); the action too.
  const said =
    currentLanguage() === 'en' ? payload : { ...payload, offLabel: say('Turn off reminders') };
  const at = now.toISOString();
  await db.execute(sql`
    insert into push_queue (subscription_id, payload, created_at, next_attempt_at)
    select id, ${JSON.stringify(said)}::jsonb, ${at}::timestamptz, ${at}::timestamptz
    from push_subscriptions where user_id = ${userId}`);
}

/** The VAPID subject from the site's address: itself when https, else a mailto: on its host. */
export const vapidSubject = (siteUrl: string) =>
  siteUrl.startsWith('https://') ? siteUrl : `mailto:webmaster@${new URL(siteUrl).hostname}`;
