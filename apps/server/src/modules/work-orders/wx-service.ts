import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { WxWorkOrder, wxWorkOrderCreateBodySchema } from '@sbuilding/shared';
import { conflict, notFound } from '../../platform/errors.js';
import { hallFilter, inHalls, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, zones } from '../buildings/tables.js';
import { findHall } from '../buildings/index.js';
import { insertWorkOrder, startSla } from './create.js';
import { reportPhotos } from './read.js';
import { actorOf, checkPhotos, resolvePlace, type WorkOrderDeps } from './support.js';
import { workOrders } from './tables.js';

/** The title of an occupant's report: the room and the start of what they said. */
function titleOf(roomName: string, description: string): string {
  const said = description.split('\n')[0]?.trim() ?? '';
  const short = said.length > 60 ? `${said.slice(0, 59)}…` : said;
  return (roomName ? `${roomName}: ${short}` : short).slice(0, 100);
}

/**
 * PUT /sbuilding/wx/workorder/create: an occupant reports a problem in one of their buildings (the room, what
 * is wrong, pictures they uploaded). Another building, or a room of another building, is 404 whatever the
 * browser sends: the caller's buildings are their account's (`hallIds`).
 */
export async function wxCreateWorkOrder(
  deps: WorkOrderDeps,
  scope: Scope,
  body: z.infer<typeof wxWorkOrderCreateBodySchema>,
): Promise<WxWorkOrder> {
  const hall = await findHall(deps.db, scope, body.hallId);
  if (!inHalls(scope, hall.id)) throw notFound();
  // As every mini-program call: a building whose binding the tbAdmin switched off takes no reports.
  if (!hall.miniProgramEnabled) throw conflict('wx.hallClosed');
  let roomName = '';
  if (body.zoneId !== null) {
    const [zone] = await deps.db.select({ name: zones.name }).from(zones).where(eq(zones.id, body.zoneId));
    roomName = zone?.name ?? '';
  }
  const place = await resolvePlace(deps.db, hall.projectId, {
    buildingId: hall.id,
    floorId: null,
    zoneId: body.zoneId,
    deviceId: null,
  });
  await checkPhotos(deps.db, hall.tenantId, scope.userId, body.photoIds);
  const actor = await actorOf(deps.db, scope);
  const now = deps.clock.now();
  const sla = await startSla(deps.db, hall.projectId, 'normal', now);
  const made = await deps.db.transaction((tx) =>
    insertWorkOrder(
      tx,
      {
        ...place,
        tenantId: hall.tenantId,
        projectId: hall.projectId,
        title: titleOf(roomName, body.description),
        description: body.description,
        priority: 'normal',
        assigneeId: null,
        photoIds: body.photoIds,
        source: 'occupant',
      },
      sla,
      actor,
      now,
    ),
  );
  if (!made) throw conflict();
  if (made.notified) deps.notify();
  const [own] = await wxListWorkOrders(deps, scope, undefined, made.row.id);
  if (!own) throw notFound();
  return own;
}

/**
 * GET /sbuilding/wx/workorders: the caller's own reports, newest first, in their buildings only (in one of
 * them with `hallId`): nobody else's, not even of the same building.
 */
export async function wxListWorkOrders(
  deps: WorkOrderDeps,
  scope: Scope,
  hallId: number | undefined,
  onlyId?: number,
): Promise<WxWorkOrder[]> {
  const w = workOrders;
  const rows = await deps.db
    .select({ order: w, hallName: buildings.name, zoneName: zones.name })
    .from(w)
    .leftJoin(buildings, eq(buildings.id, w.buildingId))
    .leftJoin(zones, eq(zones.id, w.zoneId))
    .where(
      and(
        tenantFilter(scope, w.tenantId),
        hallFilter(scope, w.buildingId),
        eq(w.reporterId, scope.userId),
        eq(w.source, 'occupant'),
        hallId === undefined ? undefined : eq(w.buildingId, hallId),
        onlyId === undefined ? undefined : eq(w.id, onlyId),
      ),
    )
    .orderBy(desc(w.createdAt), desc(w.id))
    .limit(100);
  const photos = await reportPhotos(
    deps,
    rows.map((r) => r.order.id),
  );
  return rows.map(({ order, hallName, zoneName }) => ({
    id: order.id,
    hallId: order.buildingId,
    hallName: hallName ?? '',
    zoneId: order.zoneId,
    zoneName: zoneName ?? '',
    description: order.description,
    status: order.status,
    photos: photos.get(order.id) ?? [],
    createTime: order.createdAt.toISOString(),
    updateTime: order.updatedAt.toISOString(),
    resolvedAt: order.resolvedAt?.toISOString() ?? null,
  }));
}
