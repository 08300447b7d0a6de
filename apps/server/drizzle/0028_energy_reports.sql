CREATE TABLE "energy_report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"frequency" text NOT NULL,
	"hour" integer DEFAULT 8 NOT NULL,
	"include_report" boolean DEFAULT true NOT NULL,
	"include_bills" boolean DEFAULT false NOT NULL,
	"channel_ids" integer[] NOT NULL,
	"lang" text DEFAULT 'EN' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "energy_report_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "energy_report_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"channel_id" integer,
	"channel_name" text NOT NULL,
	"channel_kind" text NOT NULL,
	"period_from" text NOT NULL,
	"period_to" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"ok" boolean NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "energy_share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"target" jsonb NOT NULL,
	"schedule_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "energy_report_schedules" ADD CONSTRAINT "energy_report_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_report_schedules" ADD CONSTRAINT "energy_report_schedules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_report_sends" ADD CONSTRAINT "energy_report_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_report_sends" ADD CONSTRAINT "energy_report_sends_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_report_sends" ADD CONSTRAINT "energy_report_sends_schedule_id_energy_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."energy_report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_report_sends" ADD CONSTRAINT "energy_report_sends_channel_id_notification_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notification_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_share_links" ADD CONSTRAINT "energy_share_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_share_links" ADD CONSTRAINT "energy_share_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_share_links" ADD CONSTRAINT "energy_share_links_schedule_id_energy_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."energy_report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "energy_report_schedules_project_idx" ON "energy_report_schedules" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "energy_report_schedules_due_idx" ON "energy_report_schedules" USING btree ("next_run_at") WHERE "energy_report_schedules"."enabled";--> statement-breakpoint
CREATE INDEX "energy_report_sends_project_idx" ON "energy_report_sends" USING btree ("project_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "energy_share_links_token_idx" ON "energy_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "energy_share_links_project_idx" ON "energy_share_links" USING btree ("project_id");