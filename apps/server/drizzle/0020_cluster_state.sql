CREATE TABLE "stored_bytes" (
	"area" text NOT NULL,
	"name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_bytes_area_name_pk" PRIMARY KEY("area","name")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_counters" (
	"device_id" integer NOT NULL,
	"key" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision,
	"prev_ts" timestamp with time zone,
	"prev_value" double precision,
	CONSTRAINT "telemetry_counters_device_id_key_pk" PRIMARY KEY("device_id","key")
);
--> statement-breakpoint
ALTER TABLE "ble_gateway_inits" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "ble_gateway_inits" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "telemetry_counters" ADD CONSTRAINT "telemetry_counters_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;