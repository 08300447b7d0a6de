CREATE TABLE "energy_day_periods" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"tariff_id" integer,
	"hour_map" text NOT NULL,
	"kwh" double precision NOT NULL,
	"sharp" double precision NOT NULL,
	"peak" double precision NOT NULL,
	"flat" double precision NOT NULL,
	"valley" double precision NOT NULL,
	"deep_valley" double precision NOT NULL,
	CONSTRAINT "energy_day_periods_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "energy_emission_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"kg_per_kwh" double precision NOT NULL,
	CONSTRAINT "energy_emission_factors_project_from_unique" UNIQUE("project_id","valid_from")
);
--> statement-breakpoint
CREATE TABLE "energy_tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid_from" date NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"plan" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "energy_tariffs_project_from_unique" UNIQUE("project_id","valid_from")
);
--> statement-breakpoint
ALTER TABLE "energy_day_periods" ADD CONSTRAINT "energy_day_periods_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_emission_factors" ADD CONSTRAINT "energy_emission_factors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_emission_factors" ADD CONSTRAINT "energy_emission_factors_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_tariffs" ADD CONSTRAINT "energy_tariffs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_tariffs" ADD CONSTRAINT "energy_tariffs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "energy_day_periods_day_idx" ON "energy_day_periods" USING btree ("day");