-- The feed's kudos and comments (docs/decisions/0248-kudos-and-comments.md). Every row goes with its
-- set or its member (ON DELETE CASCADE): a deleted account takes its kudos and comments along.
CREATE TABLE "set_kudos" (
	"workout_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "set_kudos_pk" PRIMARY KEY("workout_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "set_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"workout_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	CONSTRAINT "set_comments_body_length" CHECK (char_length("set_comments"."body") between 1 and 280),
	CONSTRAINT "set_comments_hidden_reason" CHECK (("set_comments"."hidden_at" is null) = ("set_comments"."hidden_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "comment_reports" (
	"comment_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "comment_reports_pk" PRIMARY KEY("comment_id","reporter_id"),
	CONSTRAINT "comment_reports_reason" CHECK ("comment_reports"."reason" in ('fake-score', 'offensive-name', 'offensive-picture', 'spam', 'other'))
);
--> statement-breakpoint
ALTER TABLE "set_kudos" ADD CONSTRAINT "set_kudos_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_kudos" ADD CONSTRAINT "set_kudos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_comments" ADD CONSTRAINT "set_comments_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_comments" ADD CONSTRAINT "set_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_set_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."set_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "set_kudos_user_idx" ON "set_kudos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "set_comments_workout_idx" ON "set_comments" USING btree ("workout_id","created_at","id");--> statement-breakpoint
CREATE INDEX "set_comments_author_idx" ON "set_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "comment_reports_reporter_idx" ON "comment_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "comment_reports_open_idx" ON "comment_reports" USING btree ("created_at") WHERE "comment_reports"."closed_at" is null;
