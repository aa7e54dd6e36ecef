ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_age_gender" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_idx" ON "sessions" USING btree ("public_id");--> statement-breakpoint
-- Picture URLs follow the rules of docs/decisions/0046-profile-picture-urls.md: a stored http: URL
-- becomes https:, and one that names no public host is cleared.
UPDATE "users" SET "profile_picture" = 'https:' || substr("profile_picture", 6)
WHERE "profile_picture" ILIKE 'http:%';--> statement-breakpoint
UPDATE "users" SET "profile_picture" = NULL
WHERE "profile_picture" ILIKE 'https:%' AND (
  length("profile_picture") > 2048
  OR "profile_picture" ~ '\s'
  OR substring(lower("profile_picture") from '^https://([^/?#]*)') ~ '@'
  OR substring(lower("profile_picture") from '^https://([^/?#]*)') ~ '^\['
  OR regexp_replace(substring(lower("profile_picture") from '^https://([^/?#]*)'), ':[0-9]*$', '') ~ '^[0-9.]+$|^0x|^localhost$|\.localhost\.?$|\.local\.?$|\.internal\.?$|^[^.]*$'
);
