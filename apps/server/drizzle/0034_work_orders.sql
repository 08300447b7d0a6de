CREATE TABLE "maintenance_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"building_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" text NOT NULL,
	"category" text,
	"device_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"interval" integer NOT NULL,
	"interval_unit" text NOT NULL,
	"start_date" date NOT NULL,
	"hour" integer DEFAULT 8 NOT NULL,
	"assignee_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_order_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_order_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_order_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alert_history_id" bigint
);
--> statement-breakpoint
CREATE TABLE "work_order_photos" (
	"work_order_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"comment_id" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "work_order_photos_work_order_id_file_id_pk" PRIMARY KEY("work_order_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "work_order_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"service_levels" jsonb NOT NULL,
	"auto_enabled" boolean DEFAULT false NOT NULL,
	"auto_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"auto_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"building_id" integer,
	"floor_id" integer,
	"zone_id" integer,
	"device_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"source" text NOT NULL,
	"reporter_id" integer,
	"reporter_name" text DEFAULT '' NOT NULL,
	"assignee_id" integer,
	"alert_id" integer,
	"maintenance_plan_id" integer,
	"plan_run_at" timestamp with time zone,
	"sla_unit" text NOT NULL,
	"sla_target_ms" bigint NOT NULL,
	"sla_used_ms" bigint DEFAULT 0 NOT NULL,
	"sla_since" timestamp with time zone,
	"due_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_within_sla" boolean,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "work_order_history_id" bigint;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "work_order" jsonb;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_history" ADD CONSTRAINT "work_order_history_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_history" ADD CONSTRAINT "work_order_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_history" ADD CONSTRAINT "work_order_history_alert_history_id_alert_history_id_fk" FOREIGN KEY ("alert_history_id") REFERENCES "public"."alert_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_photos" ADD CONSTRAINT "work_order_photos_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_photos" ADD CONSTRAINT "work_order_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_photos" ADD CONSTRAINT "work_order_photos_comment_id_work_order_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."work_order_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_settings" ADD CONSTRAINT "work_order_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_settings" ADD CONSTRAINT "work_order_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_floor_id_floors_id_fk" FOREIGN KEY ("floor_id") REFERENCES "public"."floors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_maintenance_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("maintenance_plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_plans_project_idx" ON "maintenance_plans" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "maintenance_plans_due_idx" ON "maintenance_plans" USING btree ("next_run_at") WHERE "maintenance_plans"."enabled";--> statement-breakpoint
CREATE INDEX "work_order_comments_order_idx" ON "work_order_comments" USING btree ("work_order_id","at");--> statement-breakpoint
CREATE INDEX "work_order_history_order_idx" ON "work_order_history" USING btree ("work_order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_history_alert_entry" ON "work_order_history" USING btree ("work_order_id","alert_history_id") WHERE "work_order_history"."alert_history_id" is not null;--> statement-breakpoint
CREATE INDEX "work_orders_project_idx" ON "work_orders" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_tenant_status_idx" ON "work_orders" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "work_orders_assignee_idx" ON "work_orders" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "work_orders_reporter_idx" ON "work_orders" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "work_orders_due_idx" ON "work_orders" USING btree ("due_at") WHERE "work_orders"."overdue_at" is null and "work_orders"."status" in ('new', 'assigned', 'inProgress');--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_one_per_alert" ON "work_orders" USING btree ("alert_id") WHERE "work_orders"."alert_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_one_per_plan_run_device" ON "work_orders" USING btree ("maintenance_plan_id","plan_run_at","device_id") WHERE "work_orders"."maintenance_plan_id" is not null;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_work_order_history_id_work_order_history_id_fk" FOREIGN KEY ("work_order_history_id") REFERENCES "public"."work_order_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_channel_work_order" ON "notification_deliveries" USING btree ("channel_id","work_order_history_id");