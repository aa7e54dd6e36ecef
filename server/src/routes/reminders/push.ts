import type https from 'node:https';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { say } from '@common/say';
import { currentLanguage } from '../../lib/i18n';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
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

/**
 * Sends the payload to each of the member's devices. A subscription the push service says is gone
 * (404, 410) is deleted; other failures are logged and the reminder is not sent again (it counts
 * as sent for the day: docs/decisions/0235-the-reminder-job.md). Resolves with the devices reached.
 */
export async function pushToMember(
  db: Db,
  userId: number,
  payload: PushPayload,
  opts: PushOptions,
  warn: (m: string) => void,
): Promise<number> {
  const subs = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  // Title and body come said in the member's language (the job runs in inLanguage); the action too.
  const said =
    currentLanguage() === 'en' ? payload : { ...payload, offLabel: say('Turn off reminders') };
  let reached = 0;
  for (const sub of subs) {
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(said),
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
      reached += 1;
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      } else {
        warn(`push to member ${userId} failed: ${status ?? ''} ${(err as Error).message}`);
      }
    }
  }
  return reached;
}

/** The VAPID subject from the site's address: itself when https, else a mailto: on its host. */
export const vapidSubject = (siteUrl: string) =>
  siteUrl.startsWith('https://') ? siteUrl : `mailto:webmaster@${new URL(siteUrl).hostname}`;
