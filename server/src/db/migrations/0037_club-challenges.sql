CREATE TABLE "club_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"challenge" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"target" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_challenges_days" CHECK ("club_challenges"."end_date" >= "club_challenges"."start_date"),
	CONSTRAINT "club_challenges_target" CHECK ("club_challenges"."target" is null or "club_challenges"."target" > 0)
);
--> statement-breakpoint
ALTER TABLE "club_challenges" ADD CONSTRAINT "club_challenges_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_challenges" ADD CONSTRAINT "club_challenges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_challenges_club_idx" ON "club_challenges" USING btree ("club_id","end_date");
