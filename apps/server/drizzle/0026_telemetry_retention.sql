CREATE TABLE "telemetry_retention" (
	"id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"kept_from" timestamp with time zone
);
