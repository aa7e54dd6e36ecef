import { z } from 'zod';
import { PASSWORD_MAX } from '../constants';
import { newPasswordSchema, userSchema } from './auth';
import { exportedClipSchema } from './clips';
import { workoutListSchema } from './workouts';

// The account's own settings: password, sessions, export and deletion
// (docs/decisions/0044-account-lifecycle.md).

const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(PASSWORD_MAX, 'Password is too long');

/** POST /api/password */
export const changePasswordSchema = z.strictObject({
  currentPassword,
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Change password form: the request plus a confirmation that must match. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match',
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** DELETE /api/account */
export const deleteAccountSchema = z.strictObject({
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX, 'Password is too long'),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** One signed-in device, as GET /api/sessions lists it. */
export const sessionSchema = z.object({
  /** Opaque: neither the cookie's token nor its hash. */
  id: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** "Chrome on Android" */
  device: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);

export const sessionIdSchema = z.uuid({ error: 'Not a session id' });

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be json or csv' }).default('json'),
});

/** GET /api/export?format=json: every stored field of the user but the password hash, and every workout. */
export const accountExportSchema = z.object({
  user: userSchema,
  workouts: workoutListSchema,
  /** Proof clips of verified sets (docs/decisions/0121-proof-clips.md). */
  clips: z.array(exportedClipSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The first four columns as before challenges had names; `pushups` is empty on other challenges' sets. */
export const EXPORT_CSV_HEADER = [
  'id',
  'pushups',
  'notes',
  'createdAt',
  'challenge',
  'score',
  // How far the score is proven (common/tiers.ts).
  'tier',
] as const;
