CREATE TABLE "telemetry_raw" (
	"device_id" integer NOT NULL,
	"key" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"num" double precision,
	"txt" text,
	CONSTRAINT "telemetry_raw_device_id_key_ts_pk" PRIMARY KEY("device_id","key","ts")
);
--> statement-breakpoint
ALTER TABLE "telemetry_raw" ADD CONSTRAINT "telemetry_raw_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;