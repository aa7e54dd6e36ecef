import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import {
  PUBLIC_PROFILE_WORKOUTS,
  publicProfileSchema,
  type PublicProfile,
} from '@common/schemas/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { toPublicUserDto } from '../../lib/auth';
import type { BoardCache } from '../leaderboard';
import { notFound } from '../../lib/errors';
import { fastJson, wireJsonSchema } from '../../lib/serializer';
import {
  acceptedEncoding,
  COMPRESS_THRESHOLD,
  compressJson,
  type JsonEncoding,
} from '../../plugins/compression';
import { publicClubsOf } from '../clubs';
import { followCounts, isFollowing } from '../following';
import { getStats, listWorkouts } from '../workouts';

// Built once per database as prepared queries (the profile is a hot public read).
const lookups = new WeakMap<Db, ReturnType<typeof prepareByName>>();
function prepareByName(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, sql.placeholder('name')))
    .limit(1)
    .prepare('fitbench_user_by_name');
}

/**
 * A user's public profile; the username matches without regard to case. A suspended member's is a
 * 404, a private member's too for everyone but themselves (docs/decisions/0045-privacy-settings.md). With the board cache
 * given, the profile is kept there: it is made of a member's row, workouts, follows and clubs, whose every
 * change empties that cache (server/src/routes/leaderboard/board-cache.ts), so it is never served stale.
 */
export async function getPublicProfile(
  db: Db,
  username: string,
  viewerId: number | null,
  cache?: BoardCache,
  open: readonly string[] = [DEFAULT_CHALLENGE],
): Promise<PublicProfile> {
  const name = username.toLowerCase();
  // An unknown name throws inside the load, so it is not kept (guessing names fills nothing).
  const found = cache
    ? await cache.getOrLoad(`profile:${name}`, () => loadProfile(db, name, open))
    : await loadProfile(db, name, open);
  if (found.suspended || (found.isPrivate && found.id !== viewerId))
    throw notFound('User not found.');
  // Whether the viewer follows them is the viewer's own, so it is never kept with the profile.
  if (viewerId === null || viewerId === found.id) return found.profile;
  return { ...found.profile, followedByYou: await isFollowing(db, viewerId, found.id) };
}

type LoadedProfile = Awaited<ReturnType<typeof loadProfile>> & {
  /** The profile as sent to visitors, made once per kept profile: JSON, and each encoding of it. */
  sent?: Map<JsonEncoding | 'identity', Buffer>;
};

// The route's own serializer would do the same per request (lib/serializer.ts); compiled once here.
let serializeProfile: ((profile: PublicProfile) => string) | undefined;

/**
 * A visitor's answer as bytes for `accept-encoding`, made once per kept profile: a shared link's
 * page is asked for by everyone who opens it, and serializing and compressing the same profile on
 * each request cost more than the cached read itself (npm run bench, docs/benchmarks.md).
 * Null when there is nothing a visitor may see (the caller answers 404).
 */
export async function getPublicProfileBytes(
  db: Db,
  username: string,
  cache: BoardCache,
  open: readonly string[],
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding?: JsonEncoding }> {
  const name = username.toLowerCase();
  const found: LoadedProfile = await cache.getOrLoad(`profile:${name}`, () =>
    loadProfile(db, name, open),
  );
  if (found.suspended || found.isPrivate) throw notFound('User not found.');
  found.sent ??= new Map();
  let json = found.sent.get('identity');
  if (!json) {
    if (!serializeProfile) {
      const schema = wireJsonSchema(publicProfileSchema);
      serializeProfile = schema
        ? (fastJson(schema) as (p: PublicProfile) => string)
        : JSON.stringify;
    }
    json = Buffer.from(
      serializeProfile(publicProfileSchema.encode(found.profile) as PublicProfile),
    );
    found.sent.set('identity', json);
  }
  const encoding = acceptedEncoding(acceptEncoding);
  if (!encoding || json.length < COMPRESS_THRESHOLD) return { body: json };
  let body = found.sent.get(encoding);
  if (!body) {
    body = compressJson(json.toString(), encoding, !cache.isEnabled);
    found.sent.set(encoding, body);
  }
  return { body, encoding };
}

/** The profile with the push-up stats, each open challenge's stats and every challenge's recent sets. */
async function loadProfile(db: Db, name: string, open: readonly string[]) {
  let byName = lookups.get(db);
  if (!byName) lookups.set(db, (byName = prepareByName(db)));
  const rows = await byName.execute({ name });
  const user = rows[0];
  if (!user) throw notFound('User not found.');
  // The default challenge's stats (the profile's `stats`) and each open challenge's, each read once.
  const ids = [...new Set([DEFAULT_CHALLENGE, ...open])];
  const [counts, clubs, page, ...allStats] = await Promise.all([
    followCounts(db, user.id),
    publicClubsOf(db, user.id),
    listWorkouts(db, user.id, { limit: PUBLIC_PROFILE_WORKOUTS, publicOnly: true }),
    ...ids.map((c) => getStats(db, user.id, c)),
  ]);
  const stats = allStats[0]!;
  const byId = new Map(allStats.map((s) => [s.challenge, s]));
  // Public fields only: no email, no hash, no notes; age and gender only when shown.
  const profile: PublicProfile = {
    user: toPublicUserDto(user),
    stats,
    challenges: open.map((c) => byId.get(c)!),
    // A cached, shared answer: a clip is offered here only when anyone may watch it.
    workouts: page.items.map(({ notes: _notes, hidden: _hidden, hasClip, ...w }) =>
      hasClip && user.clipsPublic ? { ...w, hasClip } : w,
    ),
    followers: counts.followers,
    following: counts.following,
    clubs,
  };
  // A suspended member's profile is gone for everyone (docs/decisions/0152-suspensions.md).
  return { id: user.id, isPrivate: user.isPrivate, suspended: user.suspendedAt !== null, profile };
}
