-- The capped mark and the rank value (docs/decisions/0215-storing-and-ranking-the-new-scores.md).
-- Every stored set ranks by its score, so each best's rank value is its score; leaderboard_counts
-- keeps its rows (their `score` column holds the rank value from now on: the same numbers).
DROP INDEX "leaderboard_bests_board_idx";--> statement-breakpoint
DROP INDEX "workouts_created_idx";--> statement-breakpoint
DROP INDEX "workouts_rank_idx";--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ADD COLUMN "capped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ADD COLUMN "rank_value" integer;--> statement-breakpoint
-- The leaderboard code installed may be any earlier release's (server/src/db/sql-sources.ts
-- replaces it after the migrations): its triggers stay out of this update, which changes no count.
ALTER TABLE "leaderboard_bests" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "leaderboard_bests" SET "rank_value" = "score";--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ALTER COLUMN "rank_value" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "capped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "lower_is_better" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "rank_value" integer GENERATED ALWAYS AS (CASE WHEN lower_is_better THEN 1000000 - score ELSE score END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "leaderboard_bests_board_idx" ON "leaderboard_bests" USING btree ("period_id","rank_value" DESC NULLS LAST,"received_at","workout_id","user_id","age","gender");--> statement-breakpoint
CREATE INDEX "workouts_created_idx" ON "workouts" USING btree ("challenge","created_at","rank_value","received_at","id","user_id");--> statement-breakpoint
CREATE INDEX "workouts_rank_idx" ON "workouts" USING btree ("challenge","rank_value" DESC NULLS LAST,"received_at","id","created_at","user_id");--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_capped_or_finish" CHECK (NOT ("workouts"."capped" AND "workouts"."lower_is_better"));
