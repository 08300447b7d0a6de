CREATE TABLE "ac_automations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"zone_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"rules" jsonb NOT NULL,
	"last_desired" jsonb,
	"last_applied_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"state_seq" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ac_automations" ADD CONSTRAINT "ac_automations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ac_automations" ADD CONSTRAINT "ac_automations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ac_automations" ADD CONSTRAINT "ac_automations_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ac_automations_tenant_idx" ON "ac_automations" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ac_automations_target_idx" ON "ac_automations" USING btree ("project_id","target_kind","target_id");