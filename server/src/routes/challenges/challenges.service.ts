import { DEFAULT_CHALLENGE, type Challenge, type OpenChallenge } from '@common/challenges';
import { openChallengeOr } from '@common/schemas/workouts';
import { badRequest } from '../../lib/errors';

/**
 * The open challenge `id` names in the app's catalogue (AppConfig.challenges), or a 400 under the
 * `challenge` field: unknown, or not open yet. Every route that takes ?challenge= asks here.
 */
export function openChallenge(
  challenges: readonly Challenge[],
  id: string = DEFAULT_CHALLENGE,
): OpenChallenge {
  const found = openChallengeOr(challenges, id);
  if (typeof found === 'string') throw badRequest(found, { challenge: [found] });
  return found as OpenChallenge;
}
