import { useEffect, useRef } from 'react';
import { useUser } from '@/features/auth/api/get-user';
import { updateProfile } from '@/features/profile/api/update-profile';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@common/schemas/auth';
import { queryKeys } from '@/lib/query-keys';
import { viewerTimeZone } from '@/lib/time-zone';

/**
 * Keeps the member's stored time zone (their streaks' days, their reminders' hour) the browser's:
 * one quiet PATCH when they differ, once per page load (docs/decisions/0220-the-members-time-zone.md).
 * A failure is left for the next load: nothing the member did depends on it.
 */
export function useTimeZoneSync() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (!user || sent.current) return;
    const zone = viewerTimeZone();
    if (user.timeZone === zone) return;
    sent.current = true;
    updateProfile({ timeZone: zone }).then(
      (next) =>
        queryClient.setQueryData<User | null>(queryKeys.user, (old) =>
          old ? { ...old, timeZone: next.timeZone } : old,
        ),
      () => undefined,
    );
  }, [user, queryClient]);
}
