import { composeMail, greeting, provenName } from '../../mail/messages';
import type { MailMessage } from '../../mail/queue';

// What a reminder says, by email and by push (docs/decisions/0234-reminders.md).

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
      title: "Today's session is waiting",
      body: 'A session of your plan is due today. It takes a few minutes.',
      path: '/plans/today',
    };
  }
  return {
    title: 'Your weekly goal',
    body: `${missing} more ${missing === 1 ? 'session' : 'sessions'} this week to reach your weekly goal.`,
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
      `You get this reminder because you turned it on in your settings. To turn reminders off with one click: ${unsubscribeUrl}`,
    ],
    link: { label: 'Open FitBench', url: new URL(text.path, siteUrl).toString() },
  });
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
