CREATE TABLE "saving_baselines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saving_baselines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"workday" boolean NOT NULL,
	"saving_date" text NOT NULL,
	"share" double precision NOT NULL,
	"days" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saving_baselines" ADD CONSTRAINT "saving_baselines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saving_baselines" ADD CONSTRAINT "saving_baselines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saving_baselines" ADD CONSTRAINT "saving_baselines_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saving_baselines_key_idx" ON "saving_baselines" USING btree ("device_id","owner_kind","owner_id","workday","saving_date");--> statement-breakpoint
CREATE INDEX "saving_baselines_tenant_idx" ON "saving_baselines" USING btree ("tenant_id");