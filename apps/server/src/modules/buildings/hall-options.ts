import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { placeFilter, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { projects } from '../projects/tables.js';
import { buildings, floors, zones } from './tables.js';

/*
 * Buildings as other modules need them without a project at hand: the choices of a weixin customer's
 * buildings (user form), which of them exist in a tenant, and the floors and zones of one building.
 */

export interface HallOption {
  id: number;
  name: string;
  address: string;
  imageId: string | null;
  miniProgramEnabled: boolean;
  projectId: number;
  projectName: string;
}

/**
 * Every building the caller may see (a weixin customer: its own), in project and name order; an admin
 * names the tenant (none: every tenant's).
 */
export async function hallOptions(db: Db, scope: Scope, tenantId?: number): Promise<HallOption[]> {
  return db
    .select({
      id: buildings.id,
      name: buildings.name,
      address: buildings.address,
      imageId: buildings.imageId,
      miniProgramEnabled: buildings.miniProgramEnabled,
      projectId: buildings.projectId,
      projectName: projects.projectName,
    })
    .from(buildings)
    .innerJoin(projects, eq(projects.id, buildings.projectId))
    .where(
      and(
        placeFilter(scope, buildings.tenantId, buildings.id),
        scope.isAdmin && tenantId !== undefined ? eq(buildings.tenantId, tenantId) : undefined,
      ),
    )
    .orderBy(asc(projects.projectName), asc(buildings.name), asc(buildings.id));
}

/**
 * Checks that every id is a building of the tenant (a weixin customer's buildings are its tenant's); 404
 * `user.unknownHall` otherwise, so another tenant's buildings look like ids never used.
 */
export async function requireHallsOfTenant(db: Db, tenantId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.tenantId, tenantId), inArray(buildings.id, [...ids])));
  if (found.length !== new Set(ids).size) throw notFound('user.unknownHall');
}

export interface HallPlaces {
  floors: { id: number; name: string }[];
  zones: { id: number; name: string; floorId: number }[];
}

/** The floors (in their order) and zones (by name) of a building the caller has already found. */
export async function placesOfHall(db: Db, scope: Scope, hallId: number): Promise<HallPlaces> {
  const [floorRows, zoneRows] = await Promise.all([
    db
      .select({ id: floors.id, name: floors.name })
      .from(floors)
      .where(and(tenantFilter(scope, floors.tenantId), eq(floors.buildingId, hallId)))
      .orderBy(asc(floors.sort), asc(floors.id)),
    db
      .select({ id: zones.id, name: zones.name, floorId: zones.floorId })
      .from(zones)
      .innerJoin(floors, eq(floors.id, zones.floorId))
      .where(and(tenantFilter(scope, zones.tenantId), eq(floors.buildingId, hallId)))
      .orderBy(asc(zones.name), asc(zones.id)),
  ]);
  return { floors: floorRows, zones: zoneRows };
}
