ALTER TABLE "scenes" ADD COLUMN "mini_program" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hall_ids" integer[] DEFAULT '{}' NOT NULL;