CREATE TABLE "leaderboard_counts" (
	"period_id" integer NOT NULL,
	"pushups" integer NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "leaderboard_counts_pk" PRIMARY KEY("period_id","pushups")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_counts" ADD CONSTRAINT "leaderboard_counts_period_id_leaderboard_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."leaderboard_periods"("id") ON DELETE cascade ON UPDATE no action;