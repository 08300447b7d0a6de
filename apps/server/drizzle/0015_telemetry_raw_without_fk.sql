ALTER TABLE "telemetry_raw" DROP CONSTRAINT "telemetry_raw_device_id_devices_id_fk";
