-- The reminder job reads only the members due (docs/decisions/0303-reminders-read-only-members-due.md):
-- each settings row says when the job next looks at it; '-infinity' until the job has looked once.
ALTER TABLE "reminder_settings" ADD COLUMN "next_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
CREATE INDEX "reminder_settings_next_at_idx" ON "reminder_settings" USING btree ("next_at");
