import { and, eq, inArray } from 'drizzle-orm';
import type { DeviceCategory, Lang } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { fieldLabel, translate } from '../../platform/i18n/index.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { normalise } from './import-columns.js';
import { devices } from './tables.js';

/**
 * The names an import file may use, looked up once per import: the project's buildings, their floors and
 * zones, and the gateways devices can sit behind. Gateways created by earlier rows of the same file are
 * added as they are created, so later rows can name them.
 */

interface Named {
  id: number;
  /** The building it is in (gateways); null for places. */
  buildingId: number | null;
}

type NameIndex = Map<string, Named[]>;

function add(index: NameIndex, name: string, entry: Named): void {
  const key = normalise(name);
  const list = index.get(key);
  if (list) list.push(entry);
  else index.set(key, [entry]);
}

/** A looked-up name: the id, or the problem in the request's language. */
export type Lookup = { id: number } | { error: string };

export class ProjectNames {
  private readonly buildings: NameIndex = new Map();
  private readonly floors = new Map<number, NameIndex>();
  private readonly zones = new Map<number, NameIndex>();
  private readonly gateways = new Map<DeviceCategory, NameIndex>();

  private constructor(private readonly lang: Lang) {}

  static async load(
    db: Db,
    scope: Scope,
    lang: Lang,
    projectId: number,
    gatewayCategories: readonly DeviceCategory[],
  ): Promise<ProjectNames> {
    const names = new ProjectNames(lang);
    const buildingRows = await db
      .select({ id: buildings.id, name: buildings.name })
      .from(buildings)
      .where(and(eq(buildings.projectId, projectId), tenantFilter(scope, buildings.tenantId)));
    for (const b of buildingRows) add(names.buildings, b.name, { id: b.id, buildingId: null });
    const buildingIds = buildingRows.map((b) => b.id);
    if (buildingIds.length > 0) {
      const floorRows = await db
        .select({ id: floors.id, name: floors.name, buildingId: floors.buildingId })
        .from(floors)
        .where(and(inArray(floors.buildingId, buildingIds), tenantFilter(scope, floors.tenantId)));
      for (const f of floorRows)
        add(names.indexOf(names.floors, f.buildingId), f.name, { id: f.id, buildingId: null });
      const floorIds = floorRows.map((f) => f.id);
      if (floorIds.length > 0) {
        const zoneRows = await db
          .select({ id: zones.id, name: zones.name, floorId: zones.floorId })
          .from(zones)
          .where(and(inArray(zones.floorId, floorIds), tenantFilter(scope, zones.tenantId)));
        for (const z of zoneRows)
          add(names.indexOf(names.zones, z.floorId), z.name, { id: z.id, buildingId: null });
      }
    }
    if (gatewayCategories.length > 0) {
      const gatewayRows = await db
        .select({
          id: devices.id,
          name: devices.name,
          category: devices.category,
          buildingId: devices.buildingId,
        })
        .from(devices)
        .where(
          and(
            eq(devices.projectId, projectId),
            inArray(devices.category, [...gatewayCategories]),
            tenantFilter(scope, devices.tenantId),
          ),
        );
      for (const g of gatewayRows) names.addGateway(g.category, g.name, g.id, g.buildingId);
    }
    return names;
  }

  private indexOf<K>(map: Map<K, NameIndex>, key: K): NameIndex {
    let index = map.get(key);
    if (!index) {
      index = new Map();
      map.set(key, index);
    }
    return index;
  }

  /** A gateway created by an earlier row of the file. */
  addGateway(category: DeviceCategory, name: string, id: number, buildingId: number): void {
    add(this.indexOf(this.gateways, category), name, { id, buildingId });
  }

  building(name: string): Lookup {
    return this.pick(this.buildings, 'building', name, null);
  }

  floor(buildingId: number, name: string): Lookup {
    return this.pick(this.floors.get(buildingId), 'floor', name, null);
  }

  zone(floorId: number, name: string): Lookup {
    return this.pick(this.zones.get(floorId), 'zone', name, null);
  }

  /** A gateway of the category by name; of two with one name, the one in the row's building wins. */
  gateway(category: DeviceCategory, name: string, buildingId: number | null): Lookup {
    return this.pick(this.gateways.get(category), 'gateway', name, buildingId);
  }

  private pick(index: NameIndex | undefined, what: string, name: string, buildingId: number | null): Lookup {
    let found = index?.get(normalise(name)) ?? [];
    if (found.length > 1 && buildingId !== null) {
      const here = found.filter((f) => f.buildingId === buildingId);
      if (here.length > 0) found = here;
    }
    const data = fieldLabel(this.lang, what).toLowerCase();
    const [first] = found;
    if (!first) return { error: translate(this.lang, 'import.unknownName', { data, name }) };
    if (found.length > 1) return { error: translate(this.lang, 'import.ambiguousName', { data, name }) };
    return { id: first.id };
  }
}
