-- When the server received each save: the boards break ties on it, not on the createdAt a client
-- claims (docs/decisions/0036-ties-by-received-time.md). Existing rows take their created_at.
ALTER TABLE "workouts" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
UPDATE "workouts" SET "received_at" = "created_at";--> statement-breakpoint
ALTER TABLE "workouts" ALTER COLUMN "received_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "workouts" ALTER COLUMN "received_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
UPDATE "leaderboard_bests" SET "received_at" = "created_at";--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ALTER COLUMN "received_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "leaderboard_bests_board_idx";--> statement-breakpoint
CREATE INDEX "leaderboard_bests_board_idx" ON "leaderboard_bests" USING btree ("period_id","pushups" DESC NULLS LAST,"received_at","workout_id","user_id","age","gender");
