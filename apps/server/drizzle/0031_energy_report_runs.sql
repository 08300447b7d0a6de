CREATE TABLE "energy_report_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "energy_report_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"frequency" text NOT NULL,
	"channel_ids" integer[] NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "energy_report_sends" ADD COLUMN "run_id" bigint;--> statement-breakpoint
ALTER TABLE "energy_report_sends" ADD COLUMN "gave_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_report_runs" ADD CONSTRAINT "energy_report_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_report_runs" ADD CONSTRAINT "energy_report_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_report_runs" ADD CONSTRAINT "energy_report_runs_schedule_id_energy_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."energy_report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "energy_report_runs_schedule_run_idx" ON "energy_report_runs" USING btree ("schedule_id","run_at");--> statement-breakpoint
CREATE INDEX "energy_report_runs_open_idx" ON "energy_report_runs" USING btree ("claimed_until") WHERE "energy_report_runs"."status" = 'running';--> statement-breakpoint
ALTER TABLE "energy_report_sends" ADD CONSTRAINT "energy_report_sends_run_id_energy_report_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."energy_report_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "energy_report_sends_run_channel_idx" ON "energy_report_sends" USING btree ("run_id","channel_id");