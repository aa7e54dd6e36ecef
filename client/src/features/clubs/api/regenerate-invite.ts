import { useMutation } from '@tanstack/react-query';
import type { ClubInvite } from '@common/schemas/clubs';
import { api } from '@/lib/api-client';
import { rememberInvite } from '../utils/invite-store';

/** POST /api/clubs/:slug/invite (admins): a new code; the old link stops working. */
export const regenerateInvite = (slug: string) =>
  api<ClubInvite>(`/api/clubs/${encodeURIComponent(slug)}/invite`, { method: 'POST' });

export function useRegenerateInvite() {
  return useMutation({
    mutationFn: regenerateInvite,
    onSuccess: (invite) => rememberInvite(invite.slug, invite.inviteCode),
  });
}
