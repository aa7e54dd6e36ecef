-- Plans and their sessions (docs/decisions/0228-a-plans-calendar.md).
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"challenge" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"days" integer[] NOT NULL,
	"placed_by" integer NOT NULL,
	"placed_by_workout_id" integer,
	"start_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_status" CHECK ("plans"."status" in ('active', 'paused', 'finished', 'stopped')),
	CONSTRAINT "plans_days" CHECK (cardinality("plans"."days") = 3 and 0 <= all("plans"."days") and 6 >= all("plans"."days")),
	CONSTRAINT "plans_placed_by" CHECK ("plans"."placed_by" >= 1)
);
--> statement-breakpoint
CREATE TABLE "plan_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"week" integer NOT NULL,
	"slot" integer NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"done_at" timestamp with time zone,
	"prescription" jsonb,
	"done" jsonb,
	"workout_id" integer,
	"score" integer,
	CONSTRAINT "plan_sessions_kind" CHECK ("plan_sessions"."kind" in ('session', 'retest')),
	CONSTRAINT "plan_sessions_week" CHECK ("plan_sessions"."week" between 1 and 6 and "plan_sessions"."slot" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_placed_by_workout_id_workouts_id_fk" FOREIGN KEY ("placed_by_workout_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_sessions" ADD CONSTRAINT "plan_sessions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_sessions" ADD CONSTRAINT "plan_sessions_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_user_idx" ON "plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_open_idx" ON "plans" USING btree ("user_id","challenge") WHERE "plans"."status" in ('active', 'paused');--> statement-breakpoint
CREATE UNIQUE INDEX "plan_sessions_plan_slot_idx" ON "plan_sessions" USING btree ("plan_id","week","slot");--> statement-breakpoint
CREATE INDEX "plan_sessions_undone_idx" ON "plan_sessions" USING btree ("plan_id","due_on") WHERE "plan_sessions"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_sessions_workout_idx" ON "plan_sessions" USING btree ("workout_id") WHERE "plan_sessions"."workout_id" is not null;
