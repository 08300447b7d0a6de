import { eq, inArray, max } from 'drizzle-orm';
import { MESH_FIELDS, type Lang, type MeshChange } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { fieldLabel, translate } from '../../platform/i18n/index.js';
import type { Scope } from '../../platform/tenancy.js';
import { buildings } from '../buildings/tables.js';
import { devices, deviceMarks, meshVersions } from '../devices/tables.js';
import { users } from '../users/tables.js';

type MarkRow = typeof deviceMarks.$inferSelect;
type MeshField = (typeof MESH_FIELDS)[number];
type MeshValue = string | number | boolean | null;

/**
 * Locks the building row for the rest of the transaction. Every transaction that may record a mesh
 * version takes this lock FIRST, before touching marks or devices: versions of one building are then
 * numbered one after another (max + 1 cannot be read twice) and the lock order is always the same.
 */
export async function lockBuilding(tx: Db, buildingId: number): Promise<void> {
  const [row] = await tx
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.id, buildingId))
    .for('update');
  if (!row) throw new AppError(500, 'error.internal');
}

function meshValue(row: MarkRow, field: MeshField): MeshValue {
  return row[field];
}

/**
 * What changed in the mesh network between two states of one mark (null before = added, null after =
 * removed); null when nothing of MESH_FIELDS changed (a move on the plan, a new nickname).
 */
export function diffMark(before: MarkRow | null, after: MarkRow | null): MeshChange | null {
  const mark = after ?? before;
  if (!mark) return null;
  const fields = MESH_FIELDS.flatMap((field) => {
    const from = before ? meshValue(before, field) : null;
    const to = after ? meshValue(after, field) : null;
    return from === to ? [] : [{ field, from, to }];
  });
  if (before && after && fields.length === 0) return null;
  const change = !before ? 'added' : !after ? 'removed' : 'changed';
  return { markId: mark.id, markName: mark.markName, change, fields };
}

/** Names of the devices a list of changes mentions, for the log. */
async function deviceNames(tx: Db, changes: MeshChange[]): Promise<Map<number, string>> {
  const ids = new Set<number>();
  for (const c of changes) {
    for (const f of c.fields) {
      if (f.field !== 'deviceId') continue;
      if (typeof f.from === 'number') ids.add(f.from);
      if (typeof f.to === 'number') ids.add(f.to);
    }
  }
  if (ids.size === 0) return new Map();
  const rows = await tx
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(inArray(devices.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One human line per change, in the language of the user who made it. */
export function logLines(lang: Lang, changes: MeshChange[], names: Map<number, string>): string[] {
  const device = (v: MeshValue) => (typeof v === 'number' ? (names.get(v) ?? `#${v}`) : '');
  const shown = (v: MeshValue): string => {
    if (typeof v === 'boolean') return translate(lang, v ? 'mesh.yes' : 'mesh.no');
    if (v === null || v === '') return translate(lang, 'mesh.empty');
    return String(v);
  };
  return changes.map((c) => {
    const mark = c.markName;
    const bound = c.fields.find((f) => f.field === 'deviceId');
    if (c.change === 'added') {
      return bound?.to
        ? translate(lang, 'mesh.addedBound', { mark, device: device(bound.to) })
        : translate(lang, 'mesh.added', { mark });
    }
    if (c.change === 'removed') return translate(lang, 'mesh.removed', { mark });
    const parts = c.fields.map((f) => {
      if (f.field !== 'deviceId') {
        const params = { field: fieldLabel(lang, f.field), from: shown(f.from), to: shown(f.to) };
        return translate(lang, 'mesh.fieldChanged', params);
      }
      if (f.from === null) return translate(lang, 'mesh.bound', { device: device(f.to) });
      if (f.to === null) return translate(lang, 'mesh.unbound', { device: device(f.from) });
      return translate(lang, 'mesh.rebound', { from: device(f.from), to: device(f.to) });
    });
    return translate(lang, 'mesh.changed', { mark, changes: parts.join('; ') });
  });
}

async function userName(tx: Db, scope: Scope): Promise<string> {
  const [user] = await tx.select({ name: users.username }).from(users).where(eq(users.id, scope.userId));
  return user?.name ?? '';
}

/**
 * Records the next mesh version of a building with these changes (nothing when there are none). Call it
 * inside the transaction that made the changes, after lockBuilding.
 */
export async function recordMeshVersion(
  tx: Db,
  scope: Scope,
  lang: Lang,
  building: { id: number; tenantId: number },
  changes: (MeshChange | null)[],
): Promise<void> {
  const real = changes.filter((c): c is MeshChange => c !== null);
  if (real.length === 0) return;
  const [last] = await tx
    .select({ version: max(meshVersions.version) })
    .from(meshVersions)
    .where(eq(meshVersions.buildingId, building.id));
  const log = logLines(lang, real, await deviceNames(tx, real)).join('\n');
  await tx.insert(meshVersions).values({
    tenantId: building.tenantId,
    buildingId: building.id,
    version: (last?.version ?? 0) + 1,
    description: '',
    log,
    changes: real,
    createdBy: await userName(tx, scope),
  });
}
