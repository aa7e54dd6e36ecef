ALTER TABLE "notifications" ADD COLUMN "board_filter" text;--> statement-breakpoint
ALTER TABLE "notification_board_tops" ADD COLUMN "filter" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_board_tops" DROP CONSTRAINT "notification_board_tops_pkey";--> statement-breakpoint
ALTER TABLE "notification_board_tops" ADD CONSTRAINT "notification_board_tops_pk" PRIMARY KEY("period_id","filter");
