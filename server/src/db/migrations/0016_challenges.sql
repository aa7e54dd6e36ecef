-- Every challenge on one engine (docs/decisions/0098-challenge-catalogue.md): a workout names its
-- challenge and its score (reps, or seconds held); the boards' periods, bests and counts are kept
-- per challenge. Existing workouts are push-up sets, their score their push-ups; existing periods
-- are the push-up board's, so no board, rank or stat changes (server/src/db/challenges-migration.test.ts).
ALTER TABLE "workouts" RENAME COLUMN "pushups" TO "score";--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "challenge" text DEFAULT 'pushup-90' NOT NULL;--> statement-breakpoint
ALTER TABLE "workouts" DROP CONSTRAINT "workouts_pushups_range";--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_score_positive" CHECK ("workouts"."score" >= 1);--> statement-breakpoint
DROP INDEX "workouts_created_idx";--> statement-breakpoint
DROP INDEX "workouts_rank_idx";--> statement-breakpoint
DROP INDEX "workouts_verified_created_idx";--> statement-breakpoint
CREATE INDEX "workouts_created_idx" ON "workouts" USING btree ("challenge","created_at","score","received_at","id","user_id");--> statement-breakpoint
CREATE INDEX "workouts_rank_idx" ON "workouts" USING btree ("challenge","score" DESC NULLS LAST,"received_at","id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "workouts_verified_created_idx" ON "workouts" USING btree ("challenge","created_at") WHERE "workouts"."verified";--> statement-breakpoint
CREATE INDEX "workouts_user_challenge_created_idx" ON "workouts" USING btree ("user_id","challenge","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "leaderboard_periods" ADD COLUMN "challenge" text DEFAULT 'pushup-90' NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_periods" ALTER COLUMN "challenge" DROP DEFAULT;--> statement-breakpoint
DROP INDEX "leaderboard_periods_range_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_periods_range_idx" ON "leaderboard_periods" USING btree ("challenge","starts_at","ends_at");--> statement-breakpoint
ALTER TABLE "leaderboard_bests" RENAME COLUMN "pushups" TO "score";--> statement-breakpoint
ALTER TABLE "leaderboard_counts" RENAME COLUMN "pushups" TO "score";
