import { plural, t } from '@lingui/core/macro';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { useFollowMember } from '../api/follow-member';
import { figure, withFigures } from '../utils/with-figures';

/**
 * Follow / Following on a member's public profile (signed-in viewers, not on their own). Pressed
 * while followed; pressing it again unfollows.
 */
export function FollowButton({ username, following }: { username: string; following: boolean }) {
  const mutation = useFollowMember(username);
  // Shows the change at once; the profile's next read confirms it.
  const shown = mutation.isPending ? mutation.variables : following;
  return (
    <Button
      type="button"
      variant={shown ? 'outline' : 'default'}
      size="sm"
      aria-pressed={shown}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(!shown)}
      className="min-h-10"
    >
      {shown ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {shown ? t`Following` : t`Follow`}
    </Button>
  );
}

/** "12 followers · 3 following". */
export function FollowCounts({ followers, following }: { followers: number; following: number }) {
  const number = new Intl.NumberFormat(currentLanguage());
  const bold = (n: number) => (
    <span className="font-semibold text-foreground tabular-nums">{number.format(n)}</span>
  );
  const a = figure(0);
  const b = figure(1);
  const line = t`${plural(followers, { one: `${a} follower`, other: `${a} followers` })} · ${b} following`;
  return (
    <p className="text-sm text-muted-foreground" data-testid="follow-counts">
      {withFigures(line, [bold(followers), bold(following)])}
    </p>
  );
}
