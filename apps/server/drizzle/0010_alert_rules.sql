CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"building_id" integer,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"model" text NOT NULL,
	"telemetry_key" text NOT NULL,
	"operator" text NOT NULL,
	"threshold" double precision NOT NULL,
	"threshold_high" double precision,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"level" text NOT NULL,
	"auto_clear" boolean DEFAULT true NOT NULL,
	"clear_delay_s" integer DEFAULT 0 NOT NULL,
	"deadband" double precision DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "alerts_one_open_per_device_type";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "value" double precision;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "threshold" jsonb;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_rules_project_idx" ON "alert_rules" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "alert_rules_tenant_idx" ON "alert_rules" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_open_per_device_rule" ON "alerts" USING btree ("device_id","rule_id") WHERE "alerts"."status" = 'alerting' and "alerts"."type" = 'threshold';--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_open_per_device_type" ON "alerts" USING btree ("device_id","type") WHERE "alerts"."status" = 'alerting' and "alerts"."type" <> 'threshold';