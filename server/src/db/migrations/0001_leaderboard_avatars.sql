CREATE TABLE "avatars" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatars_mime" CHECK ("avatars"."mime" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "leaderboard_bests" (
	"user_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"workout_id" integer NOT NULL,
	"pushups" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"age" integer,
	"gender" text,
	CONSTRAINT "leaderboard_bests_pk" PRIMARY KEY("user_id","period_id")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ADD CONSTRAINT "leaderboard_bests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_bests" ADD CONSTRAINT "leaderboard_bests_period_id_leaderboard_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."leaderboard_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatars_user_idx" ON "avatars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_bests_board_idx" ON "leaderboard_bests" USING btree ("period_id","pushups" DESC NULLS LAST,"created_at","workout_id","user_id","age","gender");--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_periods_range_idx" ON "leaderboard_periods" USING btree ("starts_at","ends_at");