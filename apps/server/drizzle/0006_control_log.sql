CREATE TABLE "control_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "control_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"device_id" integer,
	"device_name" text NOT NULL,
	"model" text,
	"group_id" integer,
	"group_name" text,
	"user_id" integer,
	"user_name" text NOT NULL,
	"terminal" text NOT NULL,
	"method" text NOT NULL,
	"params" jsonb NOT NULL,
	"result" text NOT NULL,
	"latency_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "control_log" ADD CONSTRAINT "control_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_log" ADD CONSTRAINT "control_log_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_log" ADD CONSTRAINT "control_log_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_log" ADD CONSTRAINT "control_log_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_log" ADD CONSTRAINT "control_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_log_project_idx" ON "control_log" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "control_log_device_idx" ON "control_log" USING btree ("device_id","created_at");