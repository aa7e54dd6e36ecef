import { z } from 'zod';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../constants';
import { languageSettingSchema } from './language';
import { plainText } from './text';

export const loginSchema = z.object({
  username: plainText('Username')
    .trim()
    .min(1, 'Username is required')
    .max(200, 'Username is too long'),
  password: plainText('Password')
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const usernameSchema = plainText('Username')
  .trim()
  .min(1, 'Username is required')
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits, _, - and .')
  .meta({ pattern: USERNAME_PATTERN.source });

/** A new password's length rule (registration and password change); the server adds the rest. */
export const newPasswordSchema = plainText('Password')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/**
 * Why a password may not be used with this username and email, or null: it may not be the
 * username nor the email's local part (case ignored). The common-password list is checked by the
 * server only (too big to ship to the browser).
 */
export function passwordIdentityError(
  password: string,
  username?: string,
  email?: string,
): string | null {
  const p = password.toLowerCase();
  if (username && p === username.trim().toLowerCase())
    return 'Your password must not be your username.';
  const local = email?.trim().split('@')[0]?.toLowerCase();
  if (local && p === local)
    return 'Your password must not be the first part of your email address.';
  return null;
}

export const registerSchema = z
  .object({
    username: usernameSchema,
    email: plainText('Email')
      .trim()
      .max(EMAIL_MAX, 'Email is too long')
      .pipe(z.email('Invalid email address'))
      // The input side is what the API description shows: say it is an address.
      .meta({ format: 'email', pattern: z.regexes.email.source }),
    password: newPasswordSchema,
  })
  .superRefine((v, ctx) => {
    const error = passwordIdentityError(v.password, v.username, v.email);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['password'] });
  });
export type RegisterInput = z.infer<typeof registerSchema>;

// The signed-in user as the API returns it (docs/product.md#what-responses-contain): email, never the password.
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  /** The member followed a link sent to `email` (docs/decisions/0112-confirmed-addresses.md). */
  emailConfirmed: z.boolean(),
  fullName: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  profilePicture: z.string().nullable(),
  /** On no board that others see, and no public profile. */
  isPrivate: z.boolean(),
  /** When false, public responses carry age and gender as null. */
  showAgeGender: z.boolean(),
  /** An email at each sign-in from a kind of device the account never used (docs/decisions/0113-account-notices.md). */
  newDeviceNotices: z.boolean(),
  /** Whether anyone who sees a verified set may watch its proof clip (false: the member and moderators). */
  clipsPublic: z.boolean(),
  createdAt: z.string(),
  /**
   * The member's IANA time zone as their browser last sent it (their streaks' days and their
   * reminders' hour); null until it has (docs/decisions/0220-the-members-time-zone.md).
   */
  timeZone: z.string().nullable(),
  /** The language the member chose (common/languages.ts); null: the browser's (docs/i18n.md). */
  language: languageSettingSchema,
  /** May use the Moderation screen and /api/moderation/* (docs/decisions/0150-moderation.md). */
  isModerator: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

// GET /api/session: the signed-in user, or null for a visitor (200 either way, so a visitor's page
// load logs no failed request; GET /api/user keeps its 401 for API clients).
export const sessionStateSchema = z.object({ user: userSchema.nullable() });
export type SessionState = z.infer<typeof sessionStateSchema>;

// What anyone may see of a user: no email, no settings (age and gender null when hidden).
export const publicUserSchema = userSchema.omit({
  email: true,
  emailConfirmed: true,
  newDeviceNotices: true,
  isPrivate: true,
  showAgeGender: true,
  clipsPublic: true,
  timeZone: true,
  language: true,
  isModerator: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;
