import { challengeForPath } from '@common/challenges';
import { ChallengeIcon } from '@/features/challenges/components/challenge-icon';

/** On a challenge's routes, a strip above the navigation names the challenge and its focus. */
export function ChallengeStrip({ pathname }: { pathname: string }) {
  const challenge = challengeForPath(pathname);
  if (!challenge) return null;
  return (
    <div
      className="border-t border-emerald-800 bg-emerald-700 text-white"
      data-testid="challenge-strip"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-1.5 text-sm lg:max-w-6xl lg:px-8">
        <ChallengeIcon icon={challenge.icon} className="size-4 shrink-0" />
        <span className="truncate font-semibold">{challenge.title}</span>
        <span className="ml-auto truncate capitalize text-emerald-50">
          {challenge.focus.join(' · ')}
        </span>
      </div>
    </div>
  );
}
