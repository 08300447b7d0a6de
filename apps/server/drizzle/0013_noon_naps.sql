CREATE TABLE "noon_naps" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"work_time_id" integer,
	"zone_ids" jsonb NOT NULL,
	"dim_level" integer NOT NULL,
	"ac_action" text NOT NULL,
	"sleep_offset" integer DEFAULT 2 NOT NULL,
	"saved" jsonb,
	"last_due_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scene_runs" ADD COLUMN "noon_nap_id" integer;--> statement-breakpoint
ALTER TABLE "noon_naps" ADD CONSTRAINT "noon_naps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noon_naps" ADD CONSTRAINT "noon_naps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noon_naps" ADD CONSTRAINT "noon_naps_work_time_id_work_times_id_fk" FOREIGN KEY ("work_time_id") REFERENCES "public"."work_times"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "noon_naps_project_idx" ON "noon_naps" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "noon_naps_tenant_idx" ON "noon_naps" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "scene_runs" ADD CONSTRAINT "scene_runs_noon_nap_id_noon_naps_id_fk" FOREIGN KEY ("noon_nap_id") REFERENCES "public"."noon_naps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scene_runs_noon_nap_due_idx" ON "scene_runs" USING btree ("noon_nap_id","due_at");