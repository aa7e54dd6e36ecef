ALTER TABLE "moderation_actions" ALTER COLUMN "target_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "target_club_id" integer;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "removed_reason" text;--> statement-breakpoint
CREATE INDEX "moderation_actions_club_idx" ON "moderation_actions" USING btree ("target_club_id") WHERE "moderation_actions"."target_club_id" is not null;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_target" CHECK (("moderation_actions"."target_club_id" is null) <> ("moderation_actions"."target_user_id" is null and "moderation_actions"."target_workout_id" is null));--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_removed_reason" CHECK (("clubs"."removed_at" is null) = ("clubs"."removed_reason" is null));--> statement-breakpoint
-- A club removed by a moderator (or brought back) leaves or rejoins every cached board and profile
-- on every instance, as a change of membership does (club_notify_board, migration 0021).
CREATE TRIGGER clubs_notify_board AFTER UPDATE OF removed_at ON clubs
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_board();
