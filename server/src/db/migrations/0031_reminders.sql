-- Reminders (docs/decisions/0234-reminders.md, 0235-the-reminder-job.md, 0236-web-push-keys.md).
CREATE TABLE "reminder_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"plan_days" boolean DEFAULT false NOT NULL,
	"weekly_goal" boolean DEFAULT false NOT NULL,
	"local_time" text DEFAULT '18:00' NOT NULL,
	"by_email" boolean DEFAULT true NOT NULL,
	"by_push" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_local_time" CHECK ("reminder_settings"."local_time" ~ '^(0[7-9]|1[0-9]|2[01]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"user_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_sends_pk" PRIMARY KEY("user_id","local_date"),
	CONSTRAINT "reminder_sends_kind" CHECK ("reminder_sends"."kind" in ('plan', 'weekly-goal', 'none'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"vapid_public" text NOT NULL,
	"vapid_private" text NOT NULL,
	"token_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_keys_one_row" CHECK ("reminder_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
