import { plural } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { mayHaveQueued, setMayHaveQueued } from '@/lib/offline/last-user';
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
 * Sends saves made offline (and proof clips not sent yet) when the connection returns (`online`), at app start and when the page
 * is shown again. The IndexedDB code loads only when this member may have something waiting.
 */
export function useOutboxSync(userId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const sync = async () => {
      if (!mayHaveQueued(userId) || !navigator.onLine) return;
      const [{ syncOutbox }, { listQueued }, { resumeClipUploads }] = await Promise.all([
        import('@/lib/offline/sync'),
        import('@/lib/offline/outbox'),
        import('@/lib/offline/clips'),
      ]);
      const result = await syncOutbox(userId);
      // Proof clips whose upload failed or was cut by a reload go after the saves they belong to.
      const clips = await resumeClipUploads(userId).catch(() => ({ waiting: true, kept: 0 }));
      if ((await listQueued(userId)).length === 0 && !clips.waiting)
        setMayHaveQueued(userId, false);
      if (clips.kept > 0 && result.sent === 0) await invalidateWorkoutData(queryClient);
      await queryClient.invalidateQueries({ queryKey: outboxQueryKey(userId) });
      if (result.sent > 0) {
        await invalidateWorkoutData(queryClient);
        announceSent(result.sent);
      }
    };
    const run = () => void sync().catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    run();
    window.addEventListener('online', run);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', run);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, queryClient]);
}
