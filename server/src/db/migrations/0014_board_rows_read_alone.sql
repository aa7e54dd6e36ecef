-- A board entry's name, picture and verified mark, copied into the bests (kept in step by the
-- triggers of server/src/db/sql/leaderboard.sql from here on).
ALTER TABLE "leaderboard_bests" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ADD COLUMN "profile_picture" text;--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "leaderboard_bests" b SET "username" = u."username", "profile_picture" = u."profile_picture"
FROM "users" u WHERE u."id" = b."user_id";--> statement-breakpoint
UPDATE "leaderboard_bests" b SET "verified" = true
FROM "workouts" w WHERE w."id" = b."workout_id" AND w."verified";--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ALTER COLUMN "username" SET NOT NULL;
