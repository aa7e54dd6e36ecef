import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX } from '../constants';
import { newPasswordSchema } from './auth';
import { plainText } from './text';

// Getting back into an account by email (docs/decisions/0111-account-email-tokens.md).

/** The one answer to a reset request, whether or not an account uses the address. */
export const RESET_REQUESTED_MESSAGE = 'If an account uses that address, we sent a link.';
/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

export const emailSchema = plainText('Email')
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email('Invalid email address'))
  // The input side is what the API description shows: say it is an address.
  .meta({ format: 'email', pattern: z.regexes.email.source });

/** POST /api/password-reset */
export const requestResetSchema = z.strictObject({ email: emailSchema });
export type RequestResetInput = z.infer<typeof requestResetSchema>;

export const messageSchema = z.object({ message: z.string() });

// A link's token: 43 base64url characters; anything far off is refused by its length.
const tokenSchema = z.string().min(1, 'The link has no token').max(200, 'The link is not valid');

/** POST /api/password-reset/complete */
export const completeResetSchema = z.strictObject({
  token: tokenSchema,
  password: newPasswordSchema,
});
export type CompleteResetInput = z.infer<typeof completeResetSchema>;

/** POST /api/password-reset/check: whether a reset link still works, asked as its page opens. */
export const checkResetSchema = z.strictObject({ token: tokenSchema });
export type CheckResetInput = z.infer<typeof checkResetSchema>;

/**
 * The answer: the link works, or why not, in the words the form would say it. Nothing about the
 * account (no name, no address); the link is not used by asking.
 */
export const resetLinkStateSchema = z.discriminatedUnion('usable', [
  z.strictObject({ usable: z.literal(true), expiresAt: z.iso.datetime() }),
  z.strictObject({
    usable: z.literal(false),
    reason: z.enum(['expired', 'invalid']),
    message: z.string(),
  }),
]);
export type ResetLinkState = z.infer<typeof resetLinkStateSchema>;

/** The reset form: the new password twice. */
export const resetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.password, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });
export type ResetForm = z.infer<typeof resetFormSchema>;

/** POST /api/email/change: the new address, and the password to prove it is the member. */
export const changeEmailSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX, 'Password is too long'),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** POST /api/email/confirm */
export const confirmEmailSchema = z.strictObject({ token: tokenSchema });

/** POST /api/email/undo: the token of the link the old address got when the address changed. */
export const undoEmailChangeSchema = z.strictObject({ token: tokenSchema });
