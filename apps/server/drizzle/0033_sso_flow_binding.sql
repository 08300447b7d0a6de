ALTER TABLE "sso_flows" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD CONSTRAINT "sso_flows_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;