import { msg, t } from '@lingui/core/macro';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DEFAULT_CHALLENGE, entryOf } from '@common/challenges';
import type { User } from '@common/schemas/auth';
import type { CreateWorkoutInput, SavedWorkout } from '@common/schemas/workouts';
import { IDEMPOTENCY_KEY_HEADER } from '@common/workouts';
import { api } from '@/lib/api-client';
import { setMayHaveQueued } from '@/lib/offline/last-user';
import { legacyScoreFields, scoredOf } from '@/lib/score-figure';
import { toast } from '@/components/ui/use-toast';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { preloadOfflineSave } from '../utils/preload-offline-save';
import { outboxQueryKey } from './get-queued-saves';
import { invalidateWorkoutData } from './invalidate';
import { queryKeys } from '@/lib/query-keys';
import { i18n } from '@/lib/i18n';

export const createWorkout = (body: CreateWorkoutInput, idempotencyKey: string) =>
  api<SavedWorkout>('/api/workouts', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/**
 * Sends the proof clip of a save the server answered; a failed upload stays on the device and
 * is tried again with the outbox (hooks/use-outbox-sync.ts).
 */
async function sendClip(
  saveKey: string,
  saved: SavedWorkout,
  userId: number,
  queryClient: QueryClient,
) {
  const { settleClipOfSave } = await import('@/lib/offline/clips');
  const outcome = await settleClipOfSave(saveKey, saved).catch(() => 'later' as const);
  if (outcome === 'later') setMayHaveQueued(userId, true);
  // The lists and boards now offer "Watch proof".
  if (outcome === 'kept') await invalidateWorkoutData(queryClient);
}

/** Said when a save failed for want of a connection and the device could not keep it either. */
export const NOT_KEPT_MESSAGE = msg`No connection, and this set could not be kept on this device. Stay on this screen and save again once you are back online.`;

/** A save's outcome: the server's answer, or `queued` when it waits on the device (offline). */
export type SaveOutcome = SavedWorkout & { queued?: true };

// The current user's query key (owned by the auth feature; features do not import each other).

/**
 * Saves a workout (docs/product.md#idempotent-saves). One key is made per save attempt and kept until that attempt
 * succeeds, so retrying after a failure (the same body) can never create a second workout. A
 * changed body is a new attempt and gets a new key. Without a connection the save is kept in
 * IndexedDB with its key and the time of the set, and sent later
 * (docs/decisions/0055-pwa-and-offline-saves.md).
 */
export function useCreateWorkout({
  onSuccess,
  clipId,
}: {
  onSuccess?: (workout: SaveOutcome) => void;
  /**
   * The camera run's proof clip, kept on the device: it goes with this save's key, and is sent
   * once the server answers with a camera-counted workout (docs/decisions/0158-proof-clips-on-the-device.md).
   */
  clipId?: string;
} = {}) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  // Loaded with the screen, so that a save made offline can be kept and said.
  useEffect(() => {
    void preloadOfflineSave();
  }, []);
  const mutation = useMutation({
    // 'always': offline the request runs and fails at once, and the save goes to the outbox.
    networkMode: 'always',
    mutationFn: async (body: CreateWorkoutInput): Promise<SaveOutcome> => {
      const serialized = JSON.stringify(body);
      if (attempt.current?.body !== serialized)
        attempt.current = { body: serialized, key: newIdempotencyKey() };
      const key = attempt.current.key;
      const user = queryClient.getQueryData<User | null>(queryKeys.user);
      // Bound before the request: a reload or a lost answer finds the clip by the save's key.
      // A clip store that did not load (offline) costs the clip, never the save.
      const clips =
        clipId && body.verification && user
          ? await import('@/lib/offline/clips').catch(() => null)
          : null;
      const withClip = clips
        ? await clips.bindClip(clipId!, user!.id, key).catch(() => false)
        : false;
      try {
        const saved = await createWorkout(body, key);
        if (withClip) void sendClip(key, saved, user!.id, queryClient);
        return saved;
      } catch (err) {
        if (!(err instanceof TypeError) || !user) throw err;
        // The set's own time, so that a save sent tomorrow still counts for today; and its
        // challenge, named even where the body left it to the server's default.
        const createdAt = body.createdAt ?? new Date().toISOString();
        const challenge = body.challenge ?? DEFAULT_CHALLENGE;
        const { score, capped } = scoredOf(body);
        // The outbox's code did not load before the connection went, or IndexedDB refused the
        // write: the member is told plainly, and the screen keeps the set for another try.
        try {
          const { enqueue } = await import('@/lib/offline/outbox');
          await enqueue({
            key,
            userId: user.id,
            body: { ...body, challenge, createdAt },
            queuedAt: new Date().toISOString(),
          });
        } catch {
          throw new Error(i18n._(NOT_KEPT_MESSAGE));
        }
        setMayHaveQueued(user.id, true);
        await queryClient.invalidateQueries({ queryKey: outboxQueryKey(user.id) });
        return {
          id: 0,
          userId: user.id,
          challenge,
          score,
          ...legacyScoreFields(entryOf(challenge), score),
          notes: body.notes ?? null,
          hidden: null,
          createdAt,
          // The server checks a camera trace when the save arrives.
          verified: false,
          tier: 'entered',
          previousBest: null,
          ...(capped ? { capped: true } : {}),
          // The pace waits with the body in the outbox; the screen shows it as the server would.
          ...(body.pace ? { pace: body.pace } : {}),
          queued: true,
        };
      }
    },
    onSuccess: async (workout) => {
      attempt.current = null;
      toast(
        workout.queued
          ? {
              title: t`Saved on this device`,
              description: t`It will be sent when you are back online.`,
            }
          : workout.verificationNote
            ? { title: t`Workout saved!`, description: workout.verificationNote }
            : { title: t`Workout saved!` },
      );
      onSuccess?.(workout);
      if (!workout.queued) await invalidateWorkoutData(queryClient);
    },
    onError: (error) =>
      toast({
        title: t`Failed to save workout`,
        description: error.message,
        variant: 'destructive',
      }),
  });
  return mutation;
}
