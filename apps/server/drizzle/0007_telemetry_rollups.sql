CREATE TABLE "telemetry_daily" (
	"device_id" integer NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"delta" double precision DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "telemetry_daily_device_id_key_day_pk" PRIMARY KEY("device_id","key","day")
);
--> statement-breakpoint
CREATE TABLE "telemetry_hourly" (
	"device_id" integer NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"delta" double precision DEFAULT 0 NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_hourly_device_id_key_bucket_pk" PRIMARY KEY("device_id","key","bucket")
);
--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD CONSTRAINT "telemetry_daily_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD CONSTRAINT "telemetry_hourly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;