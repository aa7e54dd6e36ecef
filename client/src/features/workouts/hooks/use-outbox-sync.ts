import { plural } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { setMayHaveQueued } from '@/lib/offline/last-user';
import { useSyncTriggers } from '@/lib/offline/use-sync-triggers';
import { invalidateWorkoutData } from '../api/invalidate';
import { outboxQueryKey } from '../api/get-queued-saves';

/** Says on screen that sets kept on the device have reached the server. */
export function announceSent(sent: number) {
  toast({
    title: plural(sent, { one: 'Your saved set was sent', other: 'Your # saved sets were sent' }),
    description: plural(sent, {
      one: 'It is in your history now.',
      other: 'They are in your history now.',
    }),
  });
}

/**
 * Sends saves made offline (and proof clips not sent yet) when the connection returns (`online`),
 * at app start and when the page is shown again (lib/offline/use-sync-triggers.ts). The IndexedDB
 * code loads only when this member may have something waiting; the flag that says so is cleared
 * here once nothing of the member waits (a plan session either: features/plans sends those).
 */
export function useOutboxSync(userId: number | null) {
  const queryClient = useQueryClient();
  useSyncTriggers(userId, async (id) => {
    const [{ syncOutbox }, { hasQueued }, { resumeClipUploads }] = await Promise.all([
      import('@/lib/offline/sync'),
      import('@/lib/offline/outbox'),
      import('@/lib/offline/clips'),
    ]);
    const result = await syncOutbox(id);
    // Proof clips whose upload failed or was cut by a reload go after the saves they belong to.
    const clips = await resumeClipUploads(id).catch(() => ({ waiting: true, kept: 0 }));
    if (!(await hasQueued(id)) && !clips.waiting) setMayHaveQueued(id, false);
    if (clips.kept > 0 && result.sent === 0) await invalidateWorkoutData(queryClient);
    await queryClient.invalidateQueries({ queryKey: outboxQueryKey(id) });
    if (result.sent > 0) {
      await invalidateWorkoutData(queryClient);
      announceSent(result.sent);
    }
  });
}
