DROP INDEX "workouts_created_idx";--> statement-breakpoint
CREATE INDEX "workouts_rank_idx" ON "workouts" USING btree ("pushups" DESC NULLS LAST,"received_at","id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "workouts_created_idx" ON "workouts" USING btree ("created_at","pushups","received_at","id","user_id");