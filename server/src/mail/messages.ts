import type { MailMessage } from './queue';

/** The product's name in every message, as the screens show it. */
export const PRODUCT = 'FitBench';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Body {
  to: string;
  subject: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** A button-like link, shown between the paragraphs and the closing line. */
  link?: { label: string; url: string };
  closing?: string;
  /** Not about the account's security: carries List-Unsubscribe pointing to the settings. */
  unsubscribeUrl?: string;
}

/**
 * Plain text and simple HTML with the same words: no images, no tracking, no external resources,
 * inline styles only (docs/decisions/0110-mail-queue-in-the-database.md).
 */
export function composeMail(body: Body): MailMessage {
  const closing = body.closing ?? `The ${PRODUCT} team`;
  const text = [
    ...body.paragraphs,
    ...(body.link ? [`${body.link.label}:\n${body.link.url}`] : []),
    closing,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111; max-width: 560px; margin: 0 auto; padding: 16px;">
<p style="font-size: 20px; font-weight: 700;">${PRODUCT}</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${body.link ? `<p><a href="${escapeHtml(body.link.url)}" style="display: inline-block; padding: 10px 16px; background: #111; color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(body.link.label)}</a></p>\n<p style="font-size: 13px; color: #555;">Or open this address: ${escapeHtml(body.link.url)}</p>` : ''}
<p>${escapeHtml(closing)}</p>
</body></html>`;
  return {
    to: body.to,
    subject: `${body.subject} - ${PRODUCT}`,
    text,
    html,
    headers: body.unsubscribeUrl ? { 'List-Unsubscribe': `<${body.unsubscribeUrl}>` } : {},
  };
}

export function passwordResetMail(to: string, username: string, url: string, minutes: number): MailMessage {
  return composeMail({
    to,
    subject: 'Reset your password',
    paragraphs: [
      `Hello ${username},`,
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT} account. The link below works once, for ${minutes} minutes.`,
      'If you did not ask, ignore this message: your password stays as it is.',
    ],
    link: { label: 'Choose a new password', url },
  });
}

export function passwordChangedMail(to: string, username: string, resetUrl: string): MailMessage {
  return composeMail({
    to,
    subject: 'Your password was changed',
    paragraphs: [
      `Hello ${username},`,
      `The password of your ${PRODUCT} account was just changed, and every device signed in to it was signed out.`,
      `If this was not you, reset your password now: ${resetUrl}`,
    ],
  });
}

export function confirmEmailMail(to: string, username: string, url: string, hours: number): MailMessage {
  return composeMail({
    to,
    subject: 'Confirm your email address',
    paragraphs: [
      `Hello ${username},`,
      `Confirm that this address is yours to finish setting up your ${PRODUCT} account. With a confirmed address you can always get back in if you forget your password. The link works for ${hours} hours.`,
      `If you did not create a ${PRODUCT} account, ignore this message.`,
    ],
    link: { label: 'Confirm my address', url },
  });
}

/** To the address's holder when someone registers, or asks to move an account, to it. */
export function addressAttemptMail(to: string, ownerUsername: string, resetUrl: string): MailMessage {
  return composeMail({
    to,
    subject: 'Someone tried to register with your address',
    paragraphs: [
      'Hello,',
      `Someone just tried to register a ${PRODUCT} account with this email address. It is already used by the account "${ownerUsername}", so the new account did not get it.`,
      `If that was you: you already have an account. Sign in as "${ownerUsername}", or choose a new password here: ${resetUrl}`,
      'If it was not you, you need to do nothing: nobody can use your address without the links we send to it.',
    ],
  });
}

export function changeEmailMail(to: string, username: string, url: string, hours: number): MailMessage {
  return composeMail({
    to,
    subject: 'Confirm your new email address',
    paragraphs: [
      `Hello ${username},`,
      `You asked to use this address for your ${PRODUCT} account. Confirm it with the link below (it works for ${hours} hours); until then your account keeps its current address.`,
      'If you did not ask, ignore this message.',
    ],
    link: { label: 'Confirm my new address', url },
  });
}

export function emailChangeRequestedMail(to: string, username: string): MailMessage {
  return composeMail({
    to,
    subject: 'A change of your email address was asked for',
    paragraphs: [
      `Hello ${username},`,
      `Someone signed in to your ${PRODUCT} account asked to move it to another email address. The change happens only once that address is confirmed.`,
      'If this was not you, change your password now in your settings: every other device will be signed out.',
    ],
  });
}

export function emailChangedMail(to: string, username: string, newAddress: string): MailMessage {
  return composeMail({
    to,
    subject: 'Your email address was changed',
    paragraphs: [
      `Hello ${username},`,
      `Your ${PRODUCT} account now uses ${newAddress}. Messages about it no longer come to this address.`,
      'If this was not you, write to the site\'s operator at once.',
    ],
  });
}

export function accountDeletedMail(to: string, username: string): MailMessage {
  return composeMail({
    to,
    subject: 'Your account was deleted',
    paragraphs: [
      `Hello ${username},`,
      `Your ${PRODUCT} account and everything in it (workouts, profile, sign-ins) were deleted, as asked. This is the last message you get from us.`,
    ],
  });
}

export function newDeviceMail(to: string, username: string, device: string, when: Date, settingsUrl: string): MailMessage {
  return composeMail({
    to,
    subject: 'New sign-in to your account',
    paragraphs: [
      `Hello ${username},`,
      `Your ${PRODUCT} account was signed in from ${device} on ${when.toUTCString()}.`,
      `If this was you, nothing to do. If not, change your password in your settings and sign out the other devices: ${settingsUrl}`,
      `You get this message for each kind of device your account is first signed in from. To stop them, turn off "Email me about new sign-ins" in your settings.`,
    ],
    unsubscribeUrl: settingsUrl,
  });
}
