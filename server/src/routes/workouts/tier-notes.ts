import { sql } from 'drizzle-orm';
import type { Workout } from '@common/schemas/workouts';
import {
  IN_REVIEW_TEXT,
  notRecountedText,
  RECOUNTING_TEXT,
  refusedText,
  type TierNote,
} from '@common/tier-notes';
import { recountReasonText } from '@common/recount-reasons';
import { say } from '@common/say';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { awaitingAmong } from '../moderation';

// Where the member's own sets stand on their way up the tiers, in words (common/tier-notes.ts,
// docs/decisions/0244-tiers-shown-and-reviewed.md): one query for the page's recounts and
// refusals, and one for "in review" only when the page holds a recounted set.

interface NoteRow {
  id: number;
  state: string | null;
  outcome: string | null;
  reason: string | null;
  refused: string | null;
}

/** The page's sets with their `tierNote` where there is something to say. */
export async function withTierNotes(
  db: Db,
  items: Workout[],
  challenges: readonly string[],
  now: Date,
): Promise<Workout[]> {
  if (items.length === 0) return items;
  const ids = items.map((w) => w.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  // The refusal that stands: the set's latest refuse-clip or restore-clip is a refusal.
  const rows = await rowsOf<NoteRow>(
    db,
    sql`select w.id, r.state, r.outcome, r.reason,
        (select case when a.action = 'refuse-clip' then a.reason end from moderation_actions a
         where a.target_workout_id = w.id and a.action in ('refuse-clip', 'restore-clip')
         order by a.id desc limit 1) as refused
      from workouts w left join clip_recounts r on r.workout_id = w.id
      where w.id in (${idList})`,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const recounted = items.filter((w) => w.tier === 'recounted').map((w) => w.id);
  const inReview = await awaitingAmong(db, recounted, challenges, now);
  return items.map((w) => {
    const note = noteOf(w, byId.get(w.id), inReview.has(w.id));
    return note ? { ...w, tierNote: note } : w;
  });
}

// In the language of whoever asks (common/say.ts, server/src/lib/i18n.ts).
function noteOf(w: Workout, r: NoteRow | undefined, inReview: boolean): TierNote | null {
  if (w.tier === 'recounted')
    return inReview ? { kind: 'in-review', text: say(IN_REVIEW_TEXT) } : null;
  if (w.tier !== 'camera-counted' || !r) return null;
  if (r.refused !== null) return { kind: 'refused', text: refusedText(r.refused) };
  if (r.state === 'queued' || r.state === 'running')
    return { kind: 'recounting', text: say(RECOUNTING_TEXT) };
  if (r.state === 'done' && r.outcome !== null && r.outcome !== 'recounted')
    return { kind: 'not-recounted', text: notRecountedText(recountReasonText(r.reason)) };
  return null;
}
