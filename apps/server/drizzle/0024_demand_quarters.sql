CREATE TABLE "energy_demand_days" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"source_count" integer NOT NULL,
	"complete" boolean NOT NULL,
	"split_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "energy_demand_days_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "energy_demand_quarters" (
	"device_id" integer NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"kwh" double precision NOT NULL,
	CONSTRAINT "energy_demand_quarters_device_id_quarter_pk" PRIMARY KEY("device_id","quarter")
);
--> statement-breakpoint
ALTER TABLE "energy_demand_days" ADD CONSTRAINT "energy_demand_days_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_demand_quarters" ADD CONSTRAINT "energy_demand_quarters_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;