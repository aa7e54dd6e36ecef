import { z } from 'zod';
import { say } from '../say.ts';
import { isStockAvatarUrl } from '../avatars';
import { isValidTimeZone } from '../leaderboard';
import { languageSettingSchema } from './language';
import {
  AGE_MAX,
  AGE_MIN,
  AVATAR_MAX_BYTES,
  FULL_NAME_MAX,
  GENDERS,
  PROFILE_URL_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  WEEKLY_GOAL_MAX,
  WEEKLY_GOAL_MIN,
} from '../constants';
import { publicUserSchema } from './auth';
import { plainText, visibleText } from './text';
import { publicWorkoutSchema, statsSchema } from './workouts';

// PATCH /api/profile (docs/product.md#profile-fields, docs/product.md#profile-picture) and GET /api/users/:username, shared with the client.

export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];

/** Where the server serves a stored camera capture: /api/avatars/<22-char id>. */
export const UPLOADED_AVATAR_URL = /^\/api\/avatars\/([A-Za-z0-9_-]{22})$/;
export const avatarIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not an avatar id');

const DATA_URL = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decoded size of a base64 string without decoding it. */
function base64Bytes(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return (b64.length / 4) * 3 - pad;
}

function decodeBase64Prefix(b64: string, bytes: number): Uint8Array {
  const chars = Math.ceil(bytes / 3) * 4;
  const bin = atob(b64.slice(0, Math.min(chars, b64.length)));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The image type the first bytes show (magic numbers), or null. */
export function sniffImageType(b: Uint8Array): AvatarMimeType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v))
    return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export type ImageDataUrl = { mime: AvatarMimeType; base64: string };

/**
 * Checks a camera capture sent as a data: URL: JPEG, PNG or WebP, base64, at most
 * AVATAR_MAX_BYTES decoded, and bytes that really are the declared type.
 */
export function checkImageDataUrl(value: string): ImageDataUrl | { error: string } {
  const m = DATA_URL.exec(value);
  if (!m || m[2]!.length % 4 !== 0 || m[2]!.length === 0) {
    return { error: 'A picture upload must be a JPEG, PNG or WebP image (data:image/...;base64).' };
  }
  const mime = m[1] as AvatarMimeType;
  const base64 = m[2]!;
  if (base64Bytes(base64) > AVATAR_MAX_BYTES)
    return { error: 'The picture must be at most 1.5 MB.' };
  if (sniffImageType(decodeBase64Prefix(base64, 12)) !== mime) {
    return {
      error: say("The picture's contents are not a {type} image.", {
        type: mime.slice(6).toUpperCase(),
      }),
    };
  }
  return { mime, base64 };
}

export type ProfilePictureKind = 'url' | 'stock' | 'uploaded' | 'data';

/** Which of the kinds in docs/product.md#profile-picture a profilePicture value is, or the sentence explaining why it is none. */
export function classifyProfilePicture(
  value: string,
): { kind: ProfilePictureKind } | { error: string } {
  if (value.startsWith('data:')) {
    const r = checkImageDataUrl(value);
    return 'error' in r ? r : { kind: 'data' };
  }
  if (isStockAvatarUrl(value)) return { kind: 'stock' };
  // A picture stored earlier may be sent back unchanged; the server checks it is the user's own.
  if (UPLOADED_AVATAR_URL.test(value)) return { kind: 'uploaded' };
  if (value.startsWith('/')) return { error: 'That is not one of the stock avatars.' };
  const problem = pictureUrlProblem(value);
  return problem ? { error: problem } : { kind: 'url' };
}

export const PICTURE_URL_RULE =
  'The picture URL must be an https:// link to a public web site (no IP address, local name or user:password), at most 2,048 characters.';

// Special-use and private top-level names that never reach a public web site (RFC 6761, 6762,
// 8375, ICANN's .internal), plus names in common use on home and company networks.
const NON_PUBLIC_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'test',
  'example',
  'invalid',
  'onion',
  'home.arpa',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
  'localdomain',
];

/**
 * Why a picture URL is refused, or null when it is an https: URL on a public host name
 * (docs/decisions/0046-profile-picture-urls.md): no user:pass, no IP address, no single-label or
 * special-use name, at most PROFILE_URL_MAX characters.
 */
export function pictureUrlProblem(value: string): string | null {
  if (value.length > PROFILE_URL_MAX) return PICTURE_URL_RULE;
  if (/\s/.test(value)) return 'The picture URL must not contain spaces.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The picture must be an https:// URL, a stock avatar or a camera photo.';
  }
  if (url.protocol !== 'https:') return PICTURE_URL_RULE;
  if (url.username || url.password) return PICTURE_URL_RULE;
  // The URL parser has already turned every IPv4 spelling (decimal, hex, octal) into dotted form.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return PICTURE_URL_RULE;
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((l) => l === '')) return PICTURE_URL_RULE;
  if (NON_PUBLIC_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`)))
    return PICTURE_URL_RULE;
  // A public top-level name is letters (or an IDN's xn-- form), never digits only.
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels.at(-1)!)) return PICTURE_URL_RULE;
  return null;
}

const profilePictureSchema = plainText('The picture')
  .superRefine((value, ctx) => {
    const r = classifyProfilePicture(value);
    if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
  })
  // Its three forms; which hosts are public and what the bytes are is checked by the server.
  .meta({
    pattern:
      '^(?:https://[^\\s/?#@]+(?:[/?#]\\S*)?|/\\S+|data:image/(?:jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2})$',
    description:
      'An https:// URL of a public web site (no IP address, local name or user:password, at most 2,048 characters), ' +
      "a stock avatar (/avatars/...), the member's own uploaded picture sent back, or a JPEG, PNG or WebP " +
      'data: URL of at most 1.5 MB whose bytes are that type. null removes it.',
  });

/** Sessions a week the member aims for (docs/decisions/0053-weekly-goal.md); never null. */
export const weeklyGoalSchema = z
  .number({ error: 'The weekly goal must be a number' })
  .int('The weekly goal must be a whole number')
  .min(WEEKLY_GOAL_MIN, `The weekly goal must be at least ${WEEKLY_GOAL_MIN} session a week`)
  .max(WEEKLY_GOAL_MAX, `The weekly goal must be at most ${WEEKLY_GOAL_MAX} sessions a week`);

const fixed = (field: string) =>
  z.never({ error: `Your ${field} cannot be changed here.` }).optional();

/**
 * Every field is optional; a field left out stays as it is and null clears it. username, email,
 * password and id are refused (400), as is any other unknown field.
 */
export const updateProfileSchema = z.strictObject(
  {
    fullName: visibleText('Full name', { max: FULL_NAME_MAX })
      .transform((s) => (s === '' ? null : s))
      .nullable()
      .optional(),
    age: z
      .number({ error: 'Age must be a number' })
      .int('Age must be a whole number')
      .min(AGE_MIN, `Age must be at least ${AGE_MIN}`)
      .max(AGE_MAX, `Age must be at most ${AGE_MAX}`)
      .nullable()
      .optional(),
    gender: z
      .enum(GENDERS, { error: 'Gender must be male, female or prefer-not-to-say' })
      .nullable()
      .optional(),
    profilePicture: profilePictureSchema.nullable().optional(),
    weeklyGoal: weeklyGoalSchema.optional(),
    isPrivate: z.boolean({ error: 'isPrivate must be true or false' }).optional(),
    showAgeGender: z.boolean({ error: 'showAgeGender must be true or false' }).optional(),
    newDeviceNotices: z.boolean({ error: 'newDeviceNotices must be true or false' }).optional(),
    clipsPublic: z.boolean({ error: 'clipsPublic must be true or false' }).optional(),
    // The browser's zone, sent by the client when it differs (docs/decisions/0220-the-members-time-zone.md).
    timeZone: z
      .string({ error: 'The time zone must be text' })
      .refine(isValidTimeZone, 'Unknown time zone. Send an IANA name such as Europe/Paris.')
      .optional(),
    // The member's language; null: follow the browser (docs/decisions/0281-the-language-setting.md).
    language: languageSettingSchema.optional(),
    id: fixed('id'),
    username: fixed('username'),
    email: fixed('email'),
    password: fixed('password'),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? say('Unknown profile field: {fields}', { fields: iss.keys.join(', ') })
        : undefined,
  },
);
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfileData = z.output<typeof updateProfileSchema>;

/** A path segment that can be a username (docs/product.md#accounts). */
export const usernameParamSchema = plainText('Username')
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits, _, - and .')
  .meta({ pattern: USERNAME_PATTERN.source });

export const PUBLIC_PROFILE_WORKOUTS = 50;

/** GET /api/users/:username: public fields only, never an email (docs/product.md#what-responses-contain). */
export const publicProfileSchema = z.object({
  user: publicUserSchema,
  /** The push-up challenge's stats (the first shape of this response). */
  stats: statsSchema,
  /** Each open challenge's stats, in catalogue order. */
  challenges: z.array(statsSchema),
  /** Newest first, every challenge's, at most PUBLIC_PROFILE_WORKOUTS; without notes. */
  workouts: z.array(publicWorkoutSchema),
  /** Public members who follow them, and public members they follow (docs/product.md#following). */
  followers: z.number().int(),
  following: z.number().int(),
  /** Whether the signed-in viewer follows them; absent for visitors and on one's own profile. */
  followedByYou: z.boolean().optional(),
  /**
   * The member's public clubs, by name (invite-only clubs are never listed: their names are for
   * those invited). docs/decisions/0182-public-clubs-on-profiles.md.
   */
  clubs: z.array(z.object({ slug: z.string(), name: z.string(), memberCount: z.number().int() })),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
