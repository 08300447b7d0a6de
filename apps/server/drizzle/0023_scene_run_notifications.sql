ALTER TABLE "notification_deliveries" ALTER COLUMN "alert_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ALTER COLUMN "history_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ALTER COLUMN "level" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "scene_run_id" bigint;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "scene" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_channel_scene_run" ON "notification_deliveries" USING btree ("channel_id","scene_run_id");