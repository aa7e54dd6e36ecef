import { challengeForPath } from '@common/challenges';
import {
  CHALLENGE_STRIP_COLORS,
  ChallengeIcon,
} from '@/features/challenges/components/challenge-icon';
import { servedChallenges } from '@/lib/challenges';
import { cn } from '@/lib/utils';
import { sayShared } from '@/lib/i18n';

/**
 * On a challenge's routes (its home, timer, log and board), a strip names the challenge and its
 * focus, in the challenge's colour: above the bottom navigation on a phone, under the header from
 * 1024 px (app-layout.tsx places it). A Coming Soon home keeps it too, as the product's rules have
 * it (docs/decisions/0201-home-follows-the-challenge.md).
 */
export function ChallengeStrip({ pathname }: { pathname: string }) {
  const challenge = challengeForPath(pathname, servedChallenges());
  if (!challenge) return null;
  const colors = CHALLENGE_STRIP_COLORS[challenge.color] ?? CHALLENGE_STRIP_COLORS.emerald!;
  return (
    <div
      className={cn('border-t text-white lg:border-b lg:border-t-0', colors.bar)}
      data-testid="challenge-strip"
      data-challenge={challenge.id}
    >
      {/* Nothing is cut short: where the title and the focus do not fit on one line (a phone), the
          focus moves to a second line. */}
      <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-2 px-4 py-1.5 text-sm lg:max-w-6xl lg:gap-x-3 lg:px-8 lg:py-2.5 lg:text-base">
        <span className="flex min-w-0 items-center gap-2 lg:gap-3">
          <ChallengeIcon icon={challenge.icon} className="size-4 shrink-0 lg:size-5" />
          <span className="font-semibold" data-testid="challenge-strip-title">
            {sayShared(challenge.title)}
          </span>
        </span>
        <span className={cn('ml-auto capitalize', colors.sub)}>
          {challenge.focus.map((f) => sayShared(f)).join(' · ')}
        </span>
      </div>
    </div>
  );
}
