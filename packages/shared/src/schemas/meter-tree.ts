import { z } from 'zod';
import { energyPeriodCostSchema } from './energy-billing.js';
import { ENERGY_PERIODS } from '../constants.js';
import { energyRangeSchema } from './energy.js';
import { labelled } from '../i18n/field-label.js';
import { idSchema, isoDateSchema, requiredEnum, requiredText } from './fields.js';

/* ---------- The meter tree (issue 22) ---------- */

/**
 * What a node of the meter tree is: a building, a floor, a zone, or a tenant unit (a tenant's rented rooms,
 * which need not follow the floors and zones).
 */
export const METER_NODE_KINDS = ['building', 'floor', 'zone', 'tenantUnit'] as const;
export type MeterNodeKind = (typeof METER_NODE_KINDS)[number];

/** Area of a node, m²: from a closet to a large campus. */
export const AREA_MIN_M2 = 0.1;
export const AREA_MAX_M2 = 10_000_000;

/** A term of a virtual meter: + or − one meter channel or one other node's consumption. */
export const meterTermSchema = z
  .object({
    sign: z.union([z.literal(1), z.literal(-1)], { error: 'invalid' }),
    nodeId: idSchema.nullable().default(null),
    deviceId: idSchema.nullable().default(null),
  })
  .superRefine((term, ctx) => {
    if ((term.nodeId === null) === (term.deviceId === null))
      ctx.addIssue({ code: 'custom', message: 'termTarget', path: ['nodeId'] });
  });
export type MeterTerm = z.infer<typeof meterTermSchema>;

const meterNodeFields = {
  projectId: idSchema,
  /** The node above (null: a root). */
  parentId: labelled(idSchema.nullable(), 'meterParent').default(null),
  kind: labelled(requiredEnum(METER_NODE_KINDS), 'meterKind'),
  name: requiredText(60),
  areaM2: z
    .number({ error: 'invalid' })
    .min(AREA_MIN_M2, 'areaRange')
    .max(AREA_MAX_M2, 'areaRange')
    .nullable()
    .default(null),
  /** The meter channels (ammeter channel devices) that measure this node; each channel measures one node. */
  channels: z.array(idSchema).max(64, 'tooLong').default([]),
  /** A virtual meter: the sum or difference of channels and other nodes (instead of its own channels). */
  terms: z.array(meterTermSchema).max(20, 'tooLong').default([]),
  sort: z.number().int('invalid').min(0, 'invalid').max(10_000, 'invalid').default(0),
};

interface NodeShape {
  id?: number | undefined;
  channels: readonly number[];
  terms: readonly MeterTerm[];
}

/** The checks one node's body can make on its own. */
function checkNode(node: NodeShape, ctx: z.RefinementCtx): void {
  if (node.channels.length > 0 && node.terms.length > 0)
    ctx.addIssue({ code: 'custom', message: 'meteredOrVirtual', path: ['terms'] });
  if (new Set(node.channels).size !== node.channels.length)
    ctx.addIssue({ code: 'custom', message: 'channelTaken', path: ['channels'] });
  const targets = node.terms.map((t) => (t.nodeId !== null ? `n${t.nodeId}` : `d${t.deviceId}`));
  if (new Set(targets).size !== targets.length)
    ctx.addIssue({ code: 'custom', message: 'termTwice', path: ['terms'] });
  if (node.id !== undefined && node.terms.some((t) => t.nodeId === node.id))
    ctx.addIssue({ code: 'custom', message: 'virtualCycle', path: ['terms'] });
}

/** POST /sbuilding/energy/meter-node */
export const meterNodeCreateBodySchema = z.object(meterNodeFields).superRefine(checkNode);
export type MeterNodeCreateBody = z.infer<typeof meterNodeCreateBodySchema>;
export type MeterNodeCreateInput = z.input<typeof meterNodeCreateBodySchema>;

/** PUT /sbuilding/energy/meter-node */
export const meterNodeUpdateBodySchema = z
  .object({ ...meterNodeFields, id: idSchema })
  .superRefine((node, ctx) => {
    checkNode(node, ctx);
    if (node.parentId === node.id) ctx.addIssue({ code: 'custom', message: 'treeCycle', path: ['parentId'] });
  });
export type MeterNodeUpdateBody = z.infer<typeof meterNodeUpdateBodySchema>;

/** A stored node. */
export const meterNodeSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  parentId: z.number().int().nullable(),
  kind: z.enum(METER_NODE_KINDS),
  name: z.string(),
  areaM2: z.number().nullable(),
  channels: z.array(z.number().int()),
  terms: z.array(
    z.object({
      sign: z.union([z.literal(1), z.literal(-1)]),
      nodeId: z.number().int().nullable(),
      deviceId: z.number().int().nullable(),
    }),
  ),
  sort: z.number().int(),
});
export type MeterNode = z.infer<typeof meterNodeSchema>;

/** The whole tree's rules, which no single node can check: what the service checks a change against. */
export interface MeterTreeShape {
  id: number;
  parentId: number | null;
  channels: readonly number[];
  terms: readonly MeterTerm[];
}

/**
 * The problems of a whole tree, as zod issues at [index, field]: a parent that is not in the tree
 * (`invalid`), a parent chain that comes back to the node (`treeCycle`), a channel assigned to two nodes
 * (`channelTaken`: a channel measures one place; a virtual meter may still refer to it), a term referring to
 * a node not in the tree (`invalid`), and a virtual meter that depends on itself (`virtualCycle`): through
 * its terms, or through a node without meters of its own, whose consumption is its children's.
 */
export function meterTreeIssues(
  nodes: readonly MeterTreeShape[],
): { path: [number, string]; message: string }[] {
  const issues: { path: [number, string]; message: string }[] = [];
  const add = (index: number, field: string, message: string) => {
    issues.push({ message, path: [index, field] });
  };
  const byId = new Map(nodes.map((n) => [n.id, n]));
  nodes.forEach((node, i) => {
    if (node.parentId !== null && !byId.has(node.parentId)) return add(i, 'parentId', 'invalid');
    const seen = new Set<number>([node.id]);
    for (let p = node.parentId; p !== null; p = byId.get(p)?.parentId ?? null) {
      if (seen.has(p)) return add(i, 'parentId', 'treeCycle');
      seen.add(p);
    }
  });
  const owner = new Map<number, number>();
  nodes.forEach((node, i) => {
    for (const deviceId of node.channels) {
      if (owner.has(deviceId) && owner.get(deviceId) !== node.id) add(i, 'channels', 'channelTaken');
      owner.set(deviceId, node.id);
    }
    if (node.terms.some((t) => t.nodeId !== null && !byId.has(t.nodeId))) add(i, 'terms', 'invalid');
  });
  // What each node's consumption is computed from: its terms' nodes, or (no meters) its children.
  const children = new Map<number, number[]>();
  for (const n of nodes)
    if (n.parentId !== null) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n.id]);
  const dependsOn = (n: MeterTreeShape): number[] => {
    if (n.terms.length > 0) return n.terms.flatMap((t) => (t.nodeId === null ? [] : [t.nodeId]));
    return n.channels.length > 0 ? [] : (children.get(n.id) ?? []);
  };
  const state = new Map<number, 'open' | 'done'>();
  const cyclic = new Set<number>();
  const visit = (id: number, path: number[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'open') {
      for (const x of path.slice(path.indexOf(id))) cyclic.add(x);
      return;
    }
    state.set(id, 'open');
    const node = byId.get(id);
    if (node) for (const next of dependsOn(node)) visit(next, [...path, id]);
    state.set(id, 'done');
  };
  for (const n of nodes) visit(n.id, []);
  nodes.forEach((n, i) => {
    if (cyclic.has(n.id) && n.terms.length > 0) add(i, 'terms', 'virtualCycle');
  });
  return issues;
}

/** A whole tree, checked (the service parses the tree a change would make with it). */
export const meterTreeSchema = z
  .array(
    z.object({
      id: z.number().int(),
      parentId: z.number().int().nullable(),
      channels: z.array(z.number().int()),
      terms: z.array(meterTermSchema),
    }),
  )
  .superRefine((nodes, ctx) => {
    for (const issue of meterTreeIssues(nodes)) ctx.addIssue({ code: 'custom', ...issue });
  });

/** GET /sbuilding/energy/meter-tree?projectId&period&anchor */
export const meterTreeQuerySchema = z.object({
  projectId: idSchema,
  period: z.enum(ENERGY_PERIODS, { error: 'invalid' }).default('MONTH'),
  anchor: z
    .union([z.literal(''), z.null(), isoDateSchema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
});
export type MeterTreeQuery = z.infer<typeof meterTreeQuerySchema>;
export type MeterTreeQueryInput = z.input<typeof meterTreeQuerySchema>;

/** A node with its figures for the period. */
export const meterTreeNodeSchema = meterNodeSchema.extend({
  /** How its consumption is known: its channels, a virtual meter, its children's sum, or not at all. */
  source: z.enum(['channels', 'virtual', 'children', 'none']),
  /** kWh of the period (null: nothing measures it). */
  kwh: z.number().nullable(),
  cost: z.number().nullable(),
  carbon: z.number().nullable(),
  periods: z.array(energyPeriodCostSchema),
  /** kWh per m² (null: no area or no kWh). */
  kwhPerM2: z.number().nullable(),
  /** The sum of its children's kWh (those that have one). */
  childrenKwh: z.number(),
  /**
   * Its own kWh minus its children's: consumption no sub-node accounts for (null: it has no meters of its
   * own or no measured children). Negative: the sub-meters count more than this node's meter.
   */
  remainder: z.number().nullable(),
  remainderNegative: z.boolean(),
});
export type MeterTreeNode = z.infer<typeof meterTreeNodeSchema>;

export const meterTreeSchemaOut = z.object({
  projectId: z.number().int(),
  currency: z.string(),
  timeZone: z.string(),
  current: energyRangeSchema,
  hasTariff: z.boolean(),
  nodes: z.array(meterTreeNodeSchema),
  /** The project's meter channels, and the node each is assigned to (null: none). */
  channels: z.array(
    z.object({
      deviceId: z.number().int(),
      name: z.string(),
      code: z.string(),
      channel: z.number().int().nullable(),
      nodeId: z.number().int().nullable(),
      kwh: z.number(),
    }),
  ),
});
export type MeterTree = z.infer<typeof meterTreeSchemaOut>;
