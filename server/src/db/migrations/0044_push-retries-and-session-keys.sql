-- Web Push retries (docs/decisions/0311-push-retries.md): a push waits in push_queue until sent or
-- given up. A plan session keeps the Idempotency-Key it was recorded with
-- (docs/decisions/0312-plan-sessions-in-the-outbox.md).
CREATE TABLE "push_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "plan_sessions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "push_queue" ADD CONSTRAINT "push_queue_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_queue_due_idx" ON "push_queue" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "push_queue_subscription_idx" ON "push_queue" USING btree ("subscription_id");