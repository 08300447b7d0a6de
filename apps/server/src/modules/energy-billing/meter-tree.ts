import { and, asc, eq } from 'drizzle-orm';
import {
  meterTreeSchema,
  TOU_PERIODS,
  type MeterNode,
  type MeterNodeCreateBody,
  type MeterNodeUpdateBody,
  type MeterTree,
  type MeterTreeNode,
  type MeterTreeQuery,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { parseOr400 } from '../../platform/validate.js';
import { energyPlaces } from '../energy/index.js';
import { findProject } from '../projects/index.js';
import { addPriced, emptyPriced, priceChannels, type Priced } from './price-channels.js';
import { daySplits, ensureProfiles } from './profiles.js';
import { pricingOf } from './tariffs.js';
import { energyMeterNodes } from './tables.js';

type NodeRow = typeof energyMeterNodes.$inferSelect;

export function toNode(row: NodeRow): MeterNode {
  return {
    id: row.id,
    projectId: row.projectId,
    parentId: row.parentId,
    kind: row.kind,
    name: row.name,
    areaM2: row.areaM2,
    channels: row.channels,
    terms: row.terms,
    sort: row.sort,
  };
}

/** A project's meter nodes in the scope, in tree order (sort, then id). */
export async function listMeterNodes(db: Db, scope: Scope, projectId: number): Promise<MeterNode[]> {
  await findProject(db, scope, projectId);
  return nodesOf(db, scope, projectId);
}

async function nodesOf(db: Db, scope: Scope, projectId: number): Promise<MeterNode[]> {
  const rows = await db
    .select()
    .from(energyMeterNodes)
    .where(and(tenantFilter(scope, energyMeterNodes.tenantId), eq(energyMeterNodes.projectId, projectId)))
    .orderBy(asc(energyMeterNodes.sort), asc(energyMeterNodes.id));
  return rows.map(toNode);
}

/** The project's meter channels as the energy board places them (the only channels a node may use). */
async function projectChannels(
  db: Db,
  scope: Scope,
  projectId: number,
  query?: MeterTreeQuery,
  now = Date.now(),
) {
  const board = await energyPlaces(
    db,
    scope,
    { projectId, period: query?.period ?? 'DAY', anchor: query?.anchor, buildingId: undefined },
    now,
  );
  const channels = board.meters.flatMap((m) =>
    m.channels.map((c) => ({ deviceId: c.deviceId, name: c.name, code: m.code, channel: c.channel })),
  );
  return { board, channels };
}

/**
 * Checks the tree the change would make (the shared `meterTreeSchema`: no cycle, a channel measures one
 * node) and that the node's channels are the project's meter channels. The changed node goes first, so the
 * message is about it.
 */
async function checkTree(
  db: Db,
  scope: Scope,
  body: MeterNodeCreateBody & { id?: number },
  nodes: readonly MeterNode[],
): Promise<void> {
  const { channels } = await projectChannels(db, scope, body.projectId);
  const known = new Set(channels.map((c) => c.deviceId));
  const used = [...body.channels, ...body.terms.flatMap((t) => (t.deviceId === null ? [] : [t.deviceId]))];
  if (used.some((id) => !known.has(id))) throw badRequest('energy.notMeterChannel');
  const changed = { id: body.id ?? 0, parentId: body.parentId, channels: body.channels, terms: body.terms };
  const tree = [changed, ...nodes.filter((n) => n.id !== body.id)].map((n) => ({
    id: n.id,
    parentId: n.parentId,
    channels: [...n.channels],
    terms: n.terms.map((t) => ({ ...t })),
  }));
  parseOr400(meterTreeSchema, tree);
}

export async function createMeterNode(db: Db, scope: Scope, body: MeterNodeCreateBody): Promise<MeterNode> {
  const project = await findProject(db, scope, body.projectId);
  await checkTree(db, scope, body, await nodesOf(db, scope, project.id));
  const [row] = await db
    .insert(energyMeterNodes)
    .values({
      tenantId: project.tenantId,
      projectId: project.id,
      parentId: body.parentId,
      kind: body.kind,
      name: body.name,
      areaM2: body.areaM2,
      channels: body.channels,
      terms: body.terms,
      sort: body.sort,
    })
    .returning();
  if (!row) throw new Error('meter node insert returned nothing');
  return toNode(row);
}

async function ownedNode(db: Db, scope: Scope, id: number): Promise<NodeRow> {
  const [row] = await db.select().from(energyMeterNodes).where(eq(energyMeterNodes.id, id));
  return ownedOr404(scope, row);
}

export async function updateMeterNode(db: Db, scope: Scope, body: MeterNodeUpdateBody): Promise<MeterNode> {
  const row = await ownedNode(db, scope, body.id);
  if (row.projectId !== body.projectId) throw notFound();
  await checkTree(db, scope, body, await nodesOf(db, scope, row.projectId));
  const [updated] = await db
    .update(energyMeterNodes)
    .set({
      parentId: body.parentId,
      kind: body.kind,
      name: body.name,
      areaM2: body.areaM2,
      channels: body.channels,
      terms: body.terms,
      sort: body.sort,
      updatedAt: new Date(),
    })
    .where(eq(energyMeterNodes.id, row.id))
    .returning();
  if (!updated) throw notFound();
  return toNode(updated);
}

/** Deletes a node that has no sub-nodes and that no virtual meter refers to. */
export async function deleteMeterNode(db: Db, scope: Scope, id: number): Promise<void> {
  const row = await ownedNode(db, scope, id);
  const nodes = await nodesOf(db, scope, row.projectId);
  if (nodes.some((n) => n.parentId === id)) throw badRequest('energy.meterNodeHasChildren');
  const referring = nodes.find((n) => n.terms.some((t) => t.nodeId === id));
  if (referring) throw badRequest('energy.meterNodeReferred', { name: referring.name });
  await db.delete(energyMeterNodes).where(eq(energyMeterNodes.id, id));
}

/**
 * Each node's consumption as a weighted sum of channels (+1 or −1 each; a channel met twice adds up): its
 * terms (a virtual meter), its channels, or else its children's; null when nothing measures it.
 */
export function coefficientsOf(nodes: readonly MeterNode[]): Map<number, Map<number, number> | null> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number, MeterNode[]>();
  for (const n of nodes)
    if (n.parentId !== null) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n]);
  const done = new Map<number, Map<number, number> | null>();
  const open = new Set<number>();
  const resolve = (node: MeterNode): Map<number, number> | null => {
    if (done.has(node.id)) return done.get(node.id) ?? null;
    if (open.has(node.id)) return null; // a cycle the checks refused (older rows): counts as nothing
    open.add(node.id);
    let out: Map<number, number> | null = new Map<number, number>();
    const add = (from: Map<number, number> | null, sign: number) => {
      for (const [deviceId, c] of from ?? []) out?.set(deviceId, (out.get(deviceId) ?? 0) + c * sign);
    };
    if (node.terms.length > 0) {
      for (const term of node.terms) {
        if (term.deviceId !== null) add(new Map([[term.deviceId, 1]]), term.sign);
        else {
          const other = term.nodeId === null ? undefined : byId.get(term.nodeId);
          if (other) add(resolve(other), term.sign);
        }
      }
    } else if (node.channels.length > 0) {
      for (const deviceId of node.channels) add(new Map([[deviceId, 1]]), 1);
    } else {
      const measured = (children.get(node.id) ?? []).map(resolve).filter((m) => m !== null);
      if (measured.length === 0) out = null;
      for (const m of measured) add(m, 1);
    }
    for (const [deviceId, c] of out ?? []) if (c === 0) out?.delete(deviceId);
    open.delete(node.id);
    done.set(node.id, out);
    return out;
  };
  for (const n of nodes) resolve(n);
  return done;
}

/** A node of the project's tree with the channels (weighted) its consumption is made of (for a bill). */
export async function meterNodeChannels(db: Db, scope: Scope, projectId: number, nodeId: number) {
  const nodes = await nodesOf(db, scope, projectId);
  const node = nodes.find((n) => n.id === nodeId);
  if (!node) throw notFound();
  return { node, coefficients: coefficientsOf(nodes).get(node.id) ?? new Map<number, number>() };
}

function sourceOf(node: MeterNode, measured: boolean): MeterTreeNode['source'] {
  if (node.terms.length > 0) return 'virtual';
  if (node.channels.length > 0) return 'channels';
  return measured ? 'children' : 'none';
}

/**
 * The tree with each node's kWh, cost and carbon for the period (every channel priced as the energy board
 * prices it; a node is the weighted sum of its channels), kWh/m², and its unmetered remainder: its own kWh
 * minus its children's, shown as such (negative: the sub-meters count more than the node's meter).
 */
export async function meterTree(
  db: Db,
  scope: Scope,
  query: MeterTreeQuery,
  now = Date.now(),
): Promise<MeterTree> {
  await findProject(db, scope, query.projectId);
  const [nodes, { board, channels }] = await Promise.all([
    nodesOf(db, scope, query.projectId),
    projectChannels(db, scope, query.projectId, query, now),
  ]);
  const { tariffs, factors } = await pricingOf(db, query.projectId);
  const ids = channels.map((c) => c.deviceId);
  const { from, to } = board.current;
  await ensureProfiles(
    db,
    board.timeZone,
    ids,
    await daySplits(db, query.projectId, tariffs, `${from.slice(0, 7)}-01`, to),
  );
  const [priced = new Map<number, Priced>()] = ids.length
    ? await priceChannels(db, { ids, ranges: [{ from, to }], tariffs, factors })
    : [];
  const kwhOf = (p: Priced) => TOU_PERIODS.reduce((s, period) => s + p.periods[period].kwh, 0);
  const coefficients = coefficientsOf(nodes);
  const figures = new Map<number, Priced | null>();
  for (const node of nodes) {
    const weights = coefficients.get(node.id);
    if (!weights) {
      figures.set(node.id, null);
      continue;
    }
    const sum = emptyPriced();
    for (const [deviceId, c] of weights) addPriced(sum, priced.get(deviceId) ?? emptyPriced(), c);
    figures.set(node.id, sum);
  }
  const owner = new Map<number, number>();
  for (const n of nodes) for (const deviceId of n.channels) owner.set(deviceId, n.id);
  const out: MeterTreeNode[] = nodes.map((node) => {
    const figure = figures.get(node.id) ?? null;
    const kwh = figure ? kwhOf(figure) : null;
    const measuredChildren = nodes
      .filter((n) => n.parentId === node.id)
      .map((n) => figures.get(n.id))
      .filter((f): f is Priced => f !== null && f !== undefined);
    const childrenKwh = measuredChildren.reduce((s, f) => s + kwhOf(f), 0);
    const source = sourceOf(node, figure !== null);
    const ownMeter = source === 'channels' || source === 'virtual';
    const remainder = ownMeter && kwh !== null && measuredChildren.length > 0 ? kwh - childrenKwh : null;
    return {
      ...node,
      source,
      kwh,
      cost: figure ? figure.cost : null,
      carbon: figure ? figure.carbon : null,
      periods: TOU_PERIODS.map((period) => ({
        period,
        kwh: figure?.periods[period].kwh ?? 0,
        cost: figure?.periods[period].cost ?? 0,
      })),
      kwhPerM2: kwh !== null && node.areaM2 ? kwh / node.areaM2 : null,
      childrenKwh,
      remainder,
      // A thousandth of a kWh of rounding is no overcount.
      remainderNegative: remainder !== null && remainder < -0.001,
    };
  });
  const applies = tariffs.some((t, i) => t.validFrom <= to && (tariffs[i + 1]?.validFrom ?? '9999') > from);
  return {
    projectId: query.projectId,
    currency: tariffs.at(-1)?.currency ?? 'CNY',
    timeZone: board.timeZone,
    current: board.current,
    hasTariff: applies,
    nodes: out,
    channels: channels.map((c) => ({
      ...c,
      nodeId: owner.get(c.deviceId) ?? null,
      kwh: kwhOf(priced.get(c.deviceId) ?? emptyPriced()),
    })),
  };
}
