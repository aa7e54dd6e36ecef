-- A score's tier (common/tiers.ts): entered, camera-counted, recounted (the server counted the same
-- reps from the proof clip) or reviewed (a moderator watched the clip and agreed). Until this
-- migration a verified set was one the server's rep counter confirmed from the device's trace:
-- that is a camera-counted set now.
ALTER TABLE "workouts" ADD COLUMN "tier" text DEFAULT 'entered' NOT NULL;
--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_tier_check" CHECK ("workouts"."tier" IN ('entered', 'camera-counted', 'recounted', 'reviewed'));
--> statement-breakpoint
-- The tier is read by no board's trigger, and the triggers in force here may be an older
-- version's (server/src/db/sql/ is applied after the migrations): they stay out of this update.
ALTER TABLE "workouts" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "workouts" SET "tier" = 'camera-counted' WHERE "verified";
--> statement-breakpoint
ALTER TABLE "workouts" ENABLE TRIGGER USER;

--> statement-breakpoint
-- Server recounts of proof clips, as jobs in the database (server/src/db/tables/recounts.ts).
CREATE TABLE "clip_recounts" (
	"workout_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"server_count" integer,
	"outcome" text,
	"reason" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "clip_recounts_state" CHECK ("clip_recounts"."state" in ('queued', 'running', 'done')),
	CONSTRAINT "clip_recounts_outcome" CHECK ("clip_recounts"."outcome" is null or "clip_recounts"."outcome" in ('recounted', 'count-differs', 'no-face', 'not-a-person', 'trace-differs', 'unreadable'))
);
--> statement-breakpoint
ALTER TABLE "clip_recounts" ADD CONSTRAINT "clip_recounts_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_recounts_waiting_idx" ON "clip_recounts" USING btree ("run_after") WHERE "clip_recounts"."state" <> 'done';