import { say } from '@common/say';
import { currentLanguage } from '../lib/i18n';
import type { MailMessage } from './queue';

// Every message is said in the current language (server/src/lib/i18n.ts): its caller runs it in the
// recipient's (`inLanguage(user.language, ...)`); catalogues server/src/locales/.

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
  const closing = body.closing ?? say('The {product} team', { product: PRODUCT });
  const text = [
    ...body.paragraphs,
    ...(body.link ? [`${body.link.label}:\n${body.link.url}`] : []),
    closing,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="${currentLanguage()}"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111; max-width: 560px; margin: 0 auto; padding: 16px;">
<p style="font-size: 20px; font-weight: 700;">${PRODUCT}</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${body.link ? `<p><a href="${escapeHtml(body.link.url)}" style="display: inline-block; padding: 10px 16px; background: #111; color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(body.link.label)}</a></p>\n<p style="font-size: 13px; color: #555;">${escapeHtml(say('Or open this address: {url}', { url: body.link.url }))}</p>` : ''}
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

/**
 * The greeting of a message: the member's name only where the address is proven theirs. A name is
 * chosen by whoever registers (`login.evil-example.com`), so mail to an address nobody has proven
 * carries none: it cannot be dressed up as someone else's mail
 * (docs/decisions/0206-email-change-limits-and-unproven-addresses.md).
 */
export const greeting = (name: string | null) =>
  name ? say('Hello {name},', { name }) : say('Hello,');

/** The name to greet a member by in mail to their own address: none while it is unconfirmed. */
export const provenName = (user: { username: string; emailConfirmedAt: Date | null }) =>
  user.emailConfirmedAt ? user.username : null;

/** "a***@example.com": enough for the owner to recognise an address, not to learn it. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/** When something happened, in UTC: English as before (toUTCString), else the language's own words. */
function mailDate(when: Date): string {
  const lang = currentLanguage();
  if (lang === 'en') return when.toUTCString();
  return new Intl.DateTimeFormat(lang === 'en-XA' ? 'en' : lang, {
    dateStyle: 'full',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(when);
}

export function passwordResetMail(
  to: string,
  username: string | null,
  url: string,
  minutes: number,
): MailMessage {
  return composeMail({
    to,
    subject: say('Reset your password'),
    paragraphs: [
      greeting(username),
      say(
        'Someone (hopefully you) asked to reset the password of your {product} account. The link below works once, for {minutes} minutes.',
        { product: PRODUCT, minutes },
      ),
      say('If you did not ask, ignore this message: your password stays as it is.'),
    ],
    link: { label: say('Choose a new password'), url },
  });
}

export function passwordChangedMail(
  to: string,
  username: string | null,
  resetUrl: string,
): MailMessage {
  return composeMail({
    to,
    subject: say('Your password was changed'),
    paragraphs: [
      greeting(username),
      say(
        'The password of your {product} account was just changed, and every device signed in to it was signed out.',
        { product: PRODUCT },
      ),
      say('If this was not you, reset your password now: {url}', { url: resetUrl }),
    ],
  });
}

/** To an address not yet proven: no member-chosen text at all. */
export function confirmEmailMail(to: string, url: string, hours: number): MailMessage {
  return composeMail({
    to,
    subject: say('Confirm your email address'),
    paragraphs: [
      greeting(null),
      say(
        'Confirm that this address is yours to finish setting up your {product} account. With a confirmed address you can always get back in if you forget your password. The link works for {hours} hours.',
        { product: PRODUCT, hours },
      ),
      say('If you did not create a {product} account, ignore this message.', { product: PRODUCT }),
    ],
    link: { label: say('Confirm my address'), url },
  });
}

/**
 * To the address's holder when someone registers, or asks to move an account, to it. The holder's
 * name only when the holder confirmed the address (else it may be a squatter's chosen name).
 */
export function addressAttemptMail(
  to: string,
  ownerUsername: string | null,
  resetUrl: string,
): MailMessage {
  return composeMail({
    to,
    subject: say('Someone tried to register with your address'),
    paragraphs: [
      say('Hello,'),
      ownerUsername
        ? say(
            'Someone just tried to register a {product} account with this email address. It is already used by the account "{username}", so the new account did not get it.',
            { product: PRODUCT, username: ownerUsername },
          )
        : say(
            'Someone just tried to register a {product} account with this email address. It is already used by another account, so the new account did not get it.',
            { product: PRODUCT },
          ),
      ownerUsername
        ? say(
            'If that was you: you already have an account. Sign in as "{username}", or choose a new password here: {url}',
            { username: ownerUsername, url: resetUrl },
          )
        : say(
            'If that was you: you already have an account. Choose a new password for it here: {url}',
            { url: resetUrl },
          ),
      say(
        'If it was not you, you need to do nothing: nobody can use your address without the links we send to it.',
      ),
    ],
  });
}

/** To an address not yet proven: no member-chosen text at all. */
export function changeEmailMail(to: string, url: string, hours: number): MailMessage {
  return composeMail({
    to,
    subject: say('Confirm your new email address'),
    paragraphs: [
      greeting(null),
      say(
        'You asked to use this address for your {product} account. Confirm it with the link below (it works for {hours} hours); until then your account keeps its current address.',
        { product: PRODUCT, hours },
      ),
      say('If you did not ask, ignore this message.'),
    ],
    link: { label: say('Confirm my new address'), url },
  });
}

export function emailChangeRequestedMail(to: string, username: string | null): MailMessage {
  return composeMail({
    to,
    subject: say('A change of your email address was asked for'),
    paragraphs: [
      greeting(username),
      say(
        'Someone signed in to your {product} account asked to move it to another email address. The change happens only once that address is confirmed.',
        { product: PRODUCT },
      ),
      say(
        'If this was not you, change your password now in your settings: every other device will be signed out, and the change asked for will not happen.',
      ),
    ],
  });
}

/**
 * To the old address once a change is confirmed. The new address is masked (the old one's reader
 * may not be the member any more); with `undo` (only when the old address was confirmed) a link
 * puts the old address back (docs/decisions/0205-account-tokens-end-and-undo.md).
 */
export function emailChangedMail(
  to: string,
  username: string | null,
  newAddress: string,
  undo: { url: string; days: number } | null,
): MailMessage {
  return composeMail({
    to,
    subject: say('Your email address was changed'),
    paragraphs: [
      greeting(username),
      say(
        'The email address of your {product} account was changed to {address}. Messages about it no longer come to this address.',
        { product: PRODUCT, address: maskAddress(newAddress) },
      ),
      undo
        ? say(
            'Not you? Undo the change with the link below (it works once, for {days} days): your address comes back, every device is signed out, and you choose a new password.',
            { days: undo.days },
          )
        : say("If this was not you, write to the site's operator at once."),
    ],
    ...(undo ? { link: { label: say('Undo the change'), url: undo.url } } : {}),
  });
}

export function accountDeletedMail(to: string, username: string | null): MailMessage {
  return composeMail({
    to,
    subject: say('Your account was deleted'),
    paragraphs: [
      greeting(username),
      say(
        'Your {product} account and everything in it (workouts, profile, sign-ins) were deleted, as asked. This is the last message you get from us.',
        { product: PRODUCT },
      ),
    ],
  });
}

export function newDeviceMail(
  to: string,
  username: string | null,
  device: string,
  when: Date,
  settingsUrl: string,
): MailMessage {
  return composeMail({
    to,
    subject: say('New sign-in to your account'),
    paragraphs: [
      greeting(username),
      say('Your {product} account was signed in from {device} on {when}.', {
        product: PRODUCT,
        device,
        when: mailDate(when),
      }),
      say(
        'If this was you, nothing to do. If not, change your password in your settings and sign out the other devices: {url}',
        { url: settingsUrl },
      ),
      say(
        'You get this message for each kind of device your account is first signed in from. To stop them, turn off "Email me about new sign-ins" in your settings.',
      ),
    ],
    unsubscribeUrl: settingsUrl,
  });
}
