import { select } from '@lingui/core/macro';
import type { OpenChallenge } from '@common/challenges';
import type { LeaderboardPeriod } from '@common/leaderboard';
import { sayShared } from '@/lib/i18n';
import type { BoardKind } from '../api/get-leaderboard';

/** What the pinned standing says when the viewer has no set in the period (one sentence each). */
export function nothingYet(
  challenge: OpenChallenge,
  period: LeaderboardPeriod,
  kind: BoardKind,
): string {
  const unit = sayShared(challenge.scoring.unit)!;
  if (kind === 'verified')
    return select(period, {
      today: `You have no ${unit} counted by camera today yet.`,
      week: `You have no ${unit} counted by camera this week yet.`,
      month: `You have no ${unit} counted by camera this month yet.`,
      other: `You have no ${unit} counted by camera yet.`,
    });
  if (challenge.scoring.kind === 'seconds')
    return select(period, {
      today: 'You have not logged a hold today yet.',
      week: 'You have not logged a hold this week yet.',
      month: 'You have not logged a hold this month yet.',
      other: 'You have not logged a hold yet.',
    });
  if (challenge.scoring.kind !== 'reps')
    return select(period, {
      today: 'You have not logged a set today yet.',
      week: 'You have not logged a set this week yet.',
      month: 'You have not logged a set this month yet.',
      other: 'You have not logged a set yet.',
    });
  return select(period, {
    today: `You have not logged ${unit} today yet.`,
    week: `You have not logged ${unit} this week yet.`,
    month: `You have not logged ${unit} this month yet.`,
    other: `You have not logged any ${unit} yet.`,
  });
}
