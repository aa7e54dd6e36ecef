ALTER TABLE "leaderboard_periods" ADD COLUMN "fill_cursor" integer;--> statement-breakpoint
ALTER TABLE "leaderboard_periods" ADD COLUMN "fill_wait_xid" bigint;