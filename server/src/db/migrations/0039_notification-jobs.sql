-- Notifications off the save path and the bell's count index-only (docs/decisions/0271-notifications-off-the-save-path.md,
-- 0272-the-bells-count.md): a save writes one job row, fanned out later on any instance
-- (server/src/db/sql/notification-jobs.sql).
CREATE TABLE "notification_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workout_ids" integer[] NOT NULL,
	"beats" boolean NOT NULL,
	"earlier_best" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id","actor_id") WHERE "notifications"."read_at" is null;
