-- telemetry_raw becomes a table partitioned by month of `ts` (UTC), on PostgreSQL and PGlite alike (PGlite is
-- PostgreSQL 17: one schema for both). Retention (modules/telemetry/retention.ts) drops a month whose readings
-- have all expired, instead of deleting millions of rows. Readings outside every month's partition (a
-- backfill older than the retention, a device clock years ahead) go to telemetry_raw_default, which retention
-- empties by batched deletes. The existing rows are moved: the old table is renamed, the partitioned one made
-- with the same columns and primary key (device_id, key, ts: it includes the partition column), one partition
-- per month the rows cover plus this month and the next, the rows copied, the old table dropped.
ALTER TABLE "telemetry_raw" RENAME TO "telemetry_raw_unpartitioned";
--> statement-breakpoint
ALTER TABLE "telemetry_raw_unpartitioned" RENAME CONSTRAINT "telemetry_raw_device_id_key_ts_pk" TO "telemetry_raw_unpartitioned_pk";
--> statement-breakpoint
CREATE TABLE "telemetry_raw" (
	"device_id" integer NOT NULL,
	"key" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"num" double precision,
	"txt" text,
	CONSTRAINT "telemetry_raw_device_id_key_ts_pk" PRIMARY KEY("device_id","key","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "telemetry_raw_default" PARTITION OF "telemetry_raw" DEFAULT;
--> statement-breakpoint
DO $$
DECLARE
	m timestamp;
BEGIN
	FOR m IN
		SELECT DISTINCT date_trunc('month', "ts" AT TIME ZONE 'UTC') FROM "telemetry_raw_unpartitioned"
		UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC')
		UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month'
	LOOP
		EXECUTE format(
			'CREATE TABLE %I PARTITION OF "telemetry_raw" FOR VALUES FROM (%L) TO (%L)',
			'telemetry_raw_p' || to_char(m, 'YYYYMM'),
			to_char(m, 'YYYY-MM-DD"T00:00:00Z"'),
			to_char(m + interval '1 month', 'YYYY-MM-DD"T00:00:00Z"')
		);
	END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "telemetry_raw" ("device_id", "key", "ts", "num", "txt")
	SELECT "device_id", "key", "ts", "num", "txt" FROM "telemetry_raw_unpartitioned";
--> statement-breakpoint
DROP TABLE "telemetry_raw_unpartitioned";
