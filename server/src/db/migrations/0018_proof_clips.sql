CREATE TABLE "workout_clips" (
	"workout_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"codec" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"frames" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "clips_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_clips" ADD CONSTRAINT "workout_clips_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_clips" ADD CONSTRAINT "workout_clips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workout_clips_user_idx" ON "workout_clips" USING btree ("user_id");