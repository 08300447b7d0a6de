CREATE TABLE "sys_dict_data" (
	"dict_code" serial PRIMARY KEY NOT NULL,
	"dict_sort" integer DEFAULT 0 NOT NULL,
	"dict_label" text NOT NULL,
	"dict_label_zh" text DEFAULT '' NOT NULL,
	"dict_value" text NOT NULL,
	"dict_type" text NOT NULL,
	"css_class" text DEFAULT '' NOT NULL,
	"list_class" text DEFAULT '' NOT NULL,
	"is_default" text DEFAULT 'N' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_dict_data_type_value_unique" UNIQUE("dict_type","dict_value")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_name" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"address" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_status_check" CHECK ("projects"."status" in ('new', 'deploying', 'accepting', 'done'))
);
--> statement-breakpoint
CREATE TABLE "calendar_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	CONSTRAINT "calendar_days_project_date_unique" UNIQUE("project_id","date"),
	CONSTRAINT "calendar_days_type_check" CHECK ("calendar_days"."type" in ('holiday', 'workday'))
);
--> statement-breakpoint
CREATE TABLE "project_calendar_years" (
	"project_id" integer NOT NULL,
	"year" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_calendar_years_project_id_year_pk" PRIMARY KEY("project_id","year")
);
--> statement-breakpoint
CREATE TABLE "work_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"time_type" text NOT NULL,
	"zone_type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_times_time_type_check" CHECK ("work_times"."time_type" in ('WORK', 'LUNCH', 'NAP', 'OT'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_calendar_years" ADD CONSTRAINT "project_calendar_years_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_times" ADD CONSTRAINT "work_times_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_dict_data_type_idx" ON "sys_dict_data" USING btree ("dict_type","dict_sort");--> statement-breakpoint
CREATE INDEX "projects_tenant_idx" ON "projects" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "work_times_project_idx" ON "work_times" USING btree ("project_id","zone_type");