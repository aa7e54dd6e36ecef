import { z } from 'zod';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../constants';
import { plainText } from './text';

export const loginSchema = z.object({
  username: plainText('Username').trim().min(1, 'Username is required').max(200, 'Username is too long'),
  password: plainText('Password').min(1, 'Password is required').max(PASSWORD_MAX, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const usernameSchema = plainText('Username')
  .trim()
  .min(1, 'Username is required')
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits, _, - and .');

/** A new password's length rule (registration and password change); the server adds the rest. */
export const newPasswordSchema = plainText('Password')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerSchema = z.object({
  username: usernameSchema,
  email: plainText('Email')
    .trim()
    .max(EMAIL_MAX, 'Email is too long')
    .pipe(z.email('Invalid email address')),
  password: newPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

// The signed-in user as the API returns it (decision 13): email, never the password.
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  profilePicture: z.string().nullable(),
  /** On no board that others see, and no public profile. */
  isPrivate: z.boolean(),
  /** When false, public responses carry age and gender as null. */
  showAgeGender: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

// GET /api/session: the signed-in user, or null for a visitor (200 either way, so a visitor's page
// load logs no failed request; GET /api/user keeps its 401 for API clients).
export const sessionStateSchema = z.object({ user: userSchema.nullable() });
export type SessionState = z.infer<typeof sessionStateSchema>;

// What anyone may see of a user: no email, no settings (age and gender null when hidden).
export const publicUserSchema = userSchema.omit({ email: true, isPrivate: true, showAgeGender: true });
export type PublicUser = z.infer<typeof publicUserSchema>;
