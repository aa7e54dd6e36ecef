import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LeaderboardPeriod } from '@common/leaderboard';
import { i18n } from '@/lib/i18n';

// The board's own names for the periods, ages and genders of common/leaderboard.ts, in the page's
// language (the English is common/leaderboard.ts's labels, unchanged).

const PERIOD: Record<LeaderboardPeriod, MessageDescriptor> = {
  today: msg`Today`,
  week: msg`This Week`,
  month: msg`This Month`,
  all_time: msg`All Time`,
};

/** A period tab's name: "Today", "This Week". */
export const periodLabel = (p: LeaderboardPeriod) => i18n._(PERIOD[p]);

/** An age group's name on the filter: only "Under 20" has words ("20-29", "60+" are figures). */
export const ageGroupLabel = (g: { id: string; label: string }) =>
  g.id === 'under-20' ? t`Under 20` : g.label;

/** A gender filter's name. */
export const genderLabel = (g: { id: string; label: string }) =>
  g.id === 'male' ? t`Male` : g.id === 'female' ? t`Female` : g.label;
