import type { FastifyInstance } from 'fastify';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import { previewFacts, type PreviewFacts } from './previews.service';

/** Thrown out of a cache load so that a name with no public facts is not kept. */
const NOT_KEPT = new Error('no public facts');

/**
 * A member's public facts for the preview pages and the share cards. A profile page is where a
 * shared link lands, as hot as the profile's data: its facts are kept in the same cache, emptied by
 * every change to a member or a workout (routes/leaderboard/board-cache.ts). An unknown or
 * private name is not kept (guessing names fills nothing). Kept in the challenge's scope: a save of that challenge
 * drops it.
 */
export function keptFacts(app: FastifyInstance) {
  return async (
    username: string,
    challenge: string = DEFAULT_CHALLENGE,
  ): Promise<PreviewFacts | null> => {
    const key = `preview:${challenge}:${username.toLowerCase()}`;
    try {
      return await app.boardCache.getOrLoad(
        key,
        async () => {
          const found = await previewFacts(app.db, username, challenge);
          if (!found) throw NOT_KEPT;
          return found;
        },
        challenge,
      );
    } catch (err) {
      if (err === NOT_KEPT) return null;
      throw err;
    }
  };
}
