import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useFollowMember } from '../api/follow-member';

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
      {shown ? 'Following' : 'Follow'}
    </Button>
  );
}

/** "12 followers · 3 following". */
export function FollowCounts({ followers, following }: { followers: number; following: number }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="follow-counts">
      <span className="font-semibold text-foreground tabular-nums">{followers}</span>{' '}
      {followers === 1 ? 'follower' : 'followers'} ·{' '}
      <span className="font-semibold text-foreground tabular-nums">{following}</span> following
    </p>
  );
}
