ALTER TABLE "mesh_versions" DROP CONSTRAINT "mesh_versions_building_id_buildings_id_fk";
--> statement-breakpoint
ALTER TABLE "mesh_versions" ADD CONSTRAINT "mesh_versions_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;