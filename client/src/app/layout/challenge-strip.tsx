import { challengeForPath } from '@common/challenges';
import {
  CHALLENGE_STRIP_COLORS,
  ChallengeIcon,
} from '@/features/challenges/components/challenge-icon';
import { servedChallenges } from '@/lib/challenges';
import { cn } from '@/lib/utils';

/**
 * On a challenge's routes (its home, timer, log and board), a strip names the challenge and its
 * focus, in the challenge's colour: above the bottom navigation on a phone, under the header from
 * 1024 px (app-layout.tsx places it).
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
      <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-1.5 text-sm lg:max-w-6xl lg:gap-3 lg:px-8 lg:py-2.5 lg:text-base">
        <ChallengeIcon icon={challenge.icon} className="size-4 shrink-0 lg:size-5" />
        <span className="truncate font-semibold">{challenge.title}</span>
        <span className={cn('ml-auto truncate capitalize', colors.sub)}>
          {challenge.focus.join(' · ')}
        </span>
      </div>
    </div>
  );
}
