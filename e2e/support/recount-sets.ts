import { sql } from 'drizzle-orm';
import { runCommand, withDataDir } from '../../server/src/cli/command';
import { rowsOf } from '../../server/src/db/rows';

// `tsx e2e/support/recount-sets.ts ID:HOURS...` on a stopped server's DATA_DIR: leaves each set as a
// server recount would (tier recounted, verified, a proof clip, a recount finished HOURS ago), for
// e2e/tiers.spec.ts. The recount itself is another part's (its tests run it).
runCommand(() =>
  withDataDir('Stop the server first.', async (database) => {
    for (const arg of process.argv.slice(2)) {
      const [id, hours] = arg.split(':').map(Number);
      const finished = new Date(Date.now() - hours! * 3_600_000).toISOString();
      const [w] = await rowsOf<{ user_id: number }>(
        database.db,
        sql`update workouts set tier = 'recounted', verified = true where id = ${id} returning user_id`,
      );
      if (!w) throw new Error(`no workout ${id}`);
      await database.db.execute(sql`insert into workout_clips
        (workout_id, user_id, bytes, codec, width, height, frames, duration_ms)
        values (${id}, ${w.user_id}, ${Buffer.from('not really webm')}, 'vp8', 160, 120, 900, 90000)`);
      await database.db.execute(sql`insert into clip_recounts
        (workout_id, state, outcome, server_count, queued_at, finished_at)
        values (${id}, 'done', 'recounted', 1, ${finished}::timestamptz, ${finished}::timestamptz)`);
    }
    return 0;
  }),
);
