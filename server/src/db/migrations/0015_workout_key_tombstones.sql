CREATE TABLE "workout_key_tombstones" (
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workout_key_tombstones_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "workout_key_tombstones" ADD CONSTRAINT "workout_key_tombstones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workout_key_tombstones_deleted_idx" ON "workout_key_tombstones" USING btree ("deleted_at");