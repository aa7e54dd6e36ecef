-- Badges a member has earned (docs/decisions/0231-badges-earned-on-the-server.md): one row per
-- member, badge and subject (a challenge id, a plan id, or '' for a badge of no challenge), so a
-- badge is earned exactly once; rows are never removed by a workout's delete.
CREATE TABLE "member_badges" (
	"user_id" integer NOT NULL,
	"badge" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"challenge" text,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_badges_pk" PRIMARY KEY("user_id","badge","subject")
);
--> statement-breakpoint
ALTER TABLE "member_badges" ADD CONSTRAINT "member_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
