CREATE TABLE "energy_month_periods" (
	"device_id" integer NOT NULL,
	"month" date NOT NULL,
	"split_key" text NOT NULL,
	"kwh" double precision NOT NULL,
	"stretches" jsonb NOT NULL,
	CONSTRAINT "energy_month_periods_device_id_month_pk" PRIMARY KEY("device_id","month")
);
--> statement-breakpoint
ALTER TABLE "energy_month_periods" ADD CONSTRAINT "energy_month_periods_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;