ALTER TABLE "notification_deliveries" ADD COLUMN "fault" jsonb;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "fault_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_channel_fault" ON "notification_deliveries" USING btree ("channel_id","fault_key");