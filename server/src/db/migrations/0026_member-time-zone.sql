-- The member's time zone (docs/decisions/0220-the-members-time-zone.md).
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_length" CHECK (char_length("users"."time_zone") between 1 and 64);
