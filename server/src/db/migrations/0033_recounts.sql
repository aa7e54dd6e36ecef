-- Verified now means recounted or reviewed (docs/decisions/0240-recounting-proof-clips.md): the
-- sets 0032 made camera-counted leave the Verified boards until the server has recounted their
-- proof clips, and those with a clip are queued for that recount. Their camera traces were never
-- kept, so their recount checks the count alone (docs/decisions/0242-what-a-recount-matches.md).
CREATE TABLE "camera_traces" (
	"workout_id" integer PRIMARY KEY NOT NULL,
	"top" integer NOT NULL,
	"t" jsonb NOT NULL,
	"s" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_traces" ADD CONSTRAINT "camera_traces_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The triggers in force here may be an older version's (server/src/db/sql/ is applied after the
-- migrations): they stay out of this update, and what they keep is corrected below by hand.
ALTER TABLE "workouts" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "workouts" SET "verified" = false WHERE "verified" AND "tier" NOT IN ('recounted', 'reviewed');
--> statement-breakpoint
ALTER TABLE "workouts" ENABLE TRIGGER USER;
--> statement-breakpoint
-- Board entries' mark: a best stays the best (bests go by rank value), only its mark changes, so
-- the rank counts are untouched.
ALTER TABLE "leaderboard_bests" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "leaderboard_bests" b SET "verified" = false
FROM "workouts" w WHERE w."id" = b."workout_id" AND b."verified" AND NOT w."verified";
--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ENABLE TRIGGER USER;
--> statement-breakpoint
-- Where you stand among verified sets: rebuilt from the sets as 0027 first filled it (the band
-- and gender expressions are st_band and st_gender of server/src/db/sql/standing.sql).
ALTER TABLE "standing_bests" DISABLE TRIGGER USER;
--> statement-breakpoint
DELETE FROM "standing_bests" WHERE "verified";
--> statement-breakpoint
INSERT INTO "standing_bests" ("user_id", "challenge", "verified", "rank_value", "score", "capped", "band", "gender")
SELECT DISTINCT ON (w.user_id, w.challenge) w.user_id, w.challenge, true, w.rank_value, w.score, w.capped,
  CASE WHEN u.age IS NULL THEN '' WHEN u.age < 20 THEN 'under-20' WHEN u.age < 30 THEN '20-29' WHEN u.age < 40 THEN '30-39'
    WHEN u.age < 50 THEN '40-49' WHEN u.age < 60 THEN '50-59' ELSE '60-plus' END,
  CASE WHEN u.gender IN ('male', 'female') THEN u.gender ELSE '' END
FROM "workouts" w
JOIN "users" u ON u.id = w.user_id AND u.suspended_at IS NULL
WHERE w.verified AND NOT EXISTS (SELECT 1 FROM "hidden_workouts" h WHERE h.workout_id = w.id)
ORDER BY w.user_id, w.challenge, w.rank_value DESC;
--> statement-breakpoint
ALTER TABLE "standing_bests" ENABLE TRIGGER USER;
--> statement-breakpoint
DELETE FROM "standing_counts" WHERE "verified";
--> statement-breakpoint
INSERT INTO "standing_counts" ("challenge", "verified", "band", "gender", "rank_value", "members")
SELECT "challenge", "verified", "band", "gender", "rank_value", count(*)::int
FROM "standing_bests" WHERE "verified" GROUP BY "challenge", "verified", "band", "gender", "rank_value";
--> statement-breakpoint
-- Camera-counted sets that already have a proof clip: their recount is queued.
INSERT INTO "clip_recounts" ("workout_id")
SELECT c."workout_id" FROM "workout_clips" c JOIN "workouts" w ON w."id" = c."workout_id"
WHERE w."tier" = 'camera-counted'
ON CONFLICT ("workout_id") DO NOTHING;
