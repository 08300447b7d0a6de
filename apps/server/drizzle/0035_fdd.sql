CREATE TABLE "fdd_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"building_id" integer,
	"zone_id" integer,
	"device_id" integer NOT NULL,
	"rule" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"cleared_by_rule" boolean DEFAULT false NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone,
	"last_seen" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"waste_kwh" double precision DEFAULT 0 NOT NULL,
	"waste_cost" double precision DEFAULT 0 NOT NULL,
	"waste_co2" double precision DEFAULT 0 NOT NULL,
	"evidence" jsonb NOT NULL,
	"fix_requested_at" timestamp with time zone,
	"work_order_id" integer,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fdd_rule_settings" (
	"project_id" integer NOT NULL,
	"rule" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"params" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fdd_rule_settings_project_id_rule_pk" PRIMARY KEY("project_id","rule")
);
--> statement-breakpoint
CREATE TABLE "fdd_runs" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fdd_findings" ADD CONSTRAINT "fdd_findings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdd_findings" ADD CONSTRAINT "fdd_findings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdd_findings" ADD CONSTRAINT "fdd_findings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdd_findings" ADD CONSTRAINT "fdd_findings_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdd_findings" ADD CONSTRAINT "fdd_findings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdd_findings" ADD CONSTRAINT "fdd_findings_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdd_rule_settings" ADD CONSTRAINT "fdd_rule_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdd_rule_settings" ADD CONSTRAINT "fdd_rule_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdd_runs" ADD CONSTRAINT "fdd_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fdd_findings_active_uq" ON "fdd_findings" USING btree ("device_id","rule") WHERE status in ('open', 'acknowledged', 'dismissed');--> statement-breakpoint
CREATE INDEX "fdd_findings_project_idx" ON "fdd_findings" USING btree ("project_id","status");