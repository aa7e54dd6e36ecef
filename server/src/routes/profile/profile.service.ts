import { and, eq, ne, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  checkImageDataUrl,
  classifyProfilePicture,
  sniffImageType,
  UPLOADED_AVATAR_URL,
  type UpdateProfileData,
} from '@common/schemas/profile';
import { AVATAR_MAX_BYTES } from '@common/constants';
import type { Db } from '../../db/client';
import { avatars, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { NotAnImageError, reencodeImage } from '../../lib/image';

type UserRow = typeof users.$inferSelect;

const pictureError = (message: string) => badRequest(message, { profilePicture: [message] });

export const avatarUrl = (id: string) => `/api/avatars/${id}`;

/**
 * Applies a validated profile update (docs/product.md#profile-fields, docs/product.md#profile-picture). Fields left out stay as they are.
 * A camera photo is re-encoded (lib/image.ts), stored in `avatars`, and the picture becomes its
 * URL; whatever the new picture is (null included), the user's other stored photos are deleted.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  input: UpdateProfileData,
): Promise<UserRow> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.fullName !== undefined) set.fullName = input.fullName;
  if (input.age !== undefined) set.age = input.age;
  if (input.gender !== undefined) set.gender = input.gender;
  if (input.weeklyGoal !== undefined) set.weeklyGoal = input.weeklyGoal;
  if (input.isPrivate !== undefined) set.isPrivate = input.isPrivate;
  if (input.showAgeGender !== undefined) set.showAgeGender = input.showAgeGender;
  if (input.newDeviceNotices !== undefined) set.newDeviceNotices = input.newDeviceNotices;
  if (input.clipsPublic !== undefined) set.clipsPublic = input.clipsPublic;
  if (input.timeZone !== undefined) set.timeZone = input.timeZone;
  if (input.language !== undefined) set.language = input.language;

  let upload: { mime: string; bytes: Buffer } | undefined;
  let keepAvatarId: string | undefined;
  const picture = input.profilePicture;
  // The schema has already checked the value; here it is decoded, and checked again whole.
  if (picture?.startsWith('data:')) {
    const parsed = checkImageDataUrl(picture);
    if ('error' in parsed) throw pictureError(parsed.error);
    const bytes = Buffer.from(parsed.base64, 'base64');
    if (bytes.length > AVATAR_MAX_BYTES) throw pictureError('The picture must be at most 1.5 MB.');
    if (sniffImageType(bytes) !== parsed.mime) {
      throw pictureError('The picture could not be read as an image.');
    }
    try {
      upload = { mime: parsed.mime, bytes: await reencodeImage(bytes, parsed.mime) };
    } catch (err) {
      if (err instanceof NotAnImageError)
        throw pictureError('The picture could not be read as an image.');
      throw err;
    }
  } else if (picture) {
    const kind = classifyProfilePicture(picture);
    if ('error' in kind) throw pictureError(kind.error);
    if (kind.kind === 'uploaded') keepAvatarId = UPLOADED_AVATAR_URL.exec(picture)![1];
  }

  return db.transaction(async (tx) => {
    // Serialises this user's profile updates, so two uploads cannot leave an orphan photo.
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw badRequest('Your account no longer exists.');

    if (picture !== undefined) {
      if (keepAvatarId !== undefined) {
        const own = await tx
          .select({ id: avatars.id })
          .from(avatars)
          .where(and(eq(avatars.id, keepAvatarId), eq(avatars.userId, userId)));
        if (own.length === 0) throw pictureError('That uploaded picture is not yours.');
      }
      if (upload) {
        keepAvatarId = randomBytes(16).toString('base64url');
        await tx
          .insert(avatars)
          .values({ id: keepAvatarId, userId, mime: upload.mime, bytes: upload.bytes });
      }
      set.profilePicture = upload ? avatarUrl(keepAvatarId!) : picture;
      await tx
        .delete(avatars)
        .where(
          and(eq(avatars.userId, userId), keepAvatarId ? ne(avatars.id, keepAvatarId) : sql`true`),
        );
    }

    if (Object.keys(set).length === 0) return current;
    const [updated] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
    // Another zone: the reminder job works out the member's next reminder time again
    // (server/src/routes/reminders/reminder-job.ts).
    if (set.timeZone !== undefined && set.timeZone !== current.timeZone)
      await tx.execute(sql`update reminder_settings set next_at = '-infinity', updated_at = now()
        where user_id = ${userId}`);
    return updated!;
  });
}

export async function getAvatar(db: Db, id: string) {
  const rows = await db
    .select({ mime: avatars.mime, bytes: avatars.bytes })
    .from(avatars)
    .where(eq(avatars.id, id))
    .limit(1);
  return rows[0] ?? null;
}
