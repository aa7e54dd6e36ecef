import { say } from '@common/say';
import { composeMail, greeting, provenName } from '../../mail/messages';
import type { MailMessage } from '../../mail/queue';

// What a reminder says, by email and by push (docs/decisions/0234-reminders.md), in the current
// language: the job runs each member's in `inLanguage(user.language, ...)` (server/src/lib/i18n.ts).

export type ReminderKind = 'plan' | 'weekly-goal';

export interface ReminderText {
  title: string;
  body: string;
  /** Where a tap goes, in the app. */
  path: string;
}

export function reminderText(kind: ReminderKind, missing: number): ReminderText {
  if (kind === 'plan') {
    return {
      title: say("Today's session is waiting"),
      body: say('A session of your plan is due today. It takes a few minutes.'),
      path: '/plans/today',
    };
  }
  return {
    title: say('Your weekly goal'),
    body: say(
      '{missing, plural, one {{missing} more session} other {{missing} more sessions}} this week to reach your weekly goal.',
      { missing },
    ),
    path: '/',
  };
}

/**
 * The reminder by email: the link to the app, and a one-click unsubscribe (RFC 8058): the
 * List-Unsubscribe URL takes a POST without a session; the same URL is in the body.
 */
export function reminderMail(
  user: { email: string; username: string; emailConfirmedAt: Date | null },
  text: ReminderText,
  siteUrl: string,
  unsubscribeUrl: string,
): MailMessage {
  const mail = composeMail({
    to: user.email,
    subject: text.title,
    paragraphs: [
      greeting(provenName(user)),
      text.body,
      say(
        'You get this reminder because you turned it on in your settings. To turn reminders off with one click: {url}',
        { url: unsubscribeUrl },
      ),
    ],
    link: { label: say('Open FitBench'), url: new URL(text.path, siteUrl).toString() },
  });
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
