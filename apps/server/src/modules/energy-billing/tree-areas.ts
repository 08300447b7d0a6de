import { and, asc, inArray } from 'drizzle-orm';
import type { MeterNode } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { coefficientsOf, toNode } from './meter-tree.js';
import { energyMeterNodes } from './tables.js';

/** The meter tree's area of a building: the node that gives it. */
export interface TreeArea {
  areaM2: number;
  nodeId: number;
  nodeName: string;
}

/**
 * The area the meter tree gives each building of the projects (the rule of "one area per place", README):
 * a `building` node of the tree **measures** a building when every channel its consumption is made of (its own
 * channels, its virtual meter's, or its sub-nodes') is placed in that building (`buildingOf`: channel →
 * building, the energy board's places). A building whose only measuring building node has an area gets that
 * area; one with no such node, a node without an area, or several such nodes (the tree does not say which) gets
 * none here, and its floors' areas count instead. One query for every project's nodes.
 */
export async function treeBuildingAreas(
  db: Db,
  scope: Scope,
  projectIds: readonly number[],
  buildingOf: ReadonlyMap<number, number>,
): Promise<Map<number, TreeArea>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(energyMeterNodes)
    .where(
      and(
        tenantFilter(scope, energyMeterNodes.tenantId),
        inArray(energyMeterNodes.projectId, [...projectIds]),
      ),
    )
    .orderBy(asc(energyMeterNodes.sort), asc(energyMeterNodes.id));
  const byProject = new Map<number, MeterNode[]>();
  for (const row of rows)
    byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), toNode(row)]);
  const measuring = new Map<number, MeterNode[]>();
  for (const nodes of byProject.values()) {
    const coefficients = coefficientsOf(nodes);
    for (const node of nodes) {
      if (node.kind !== 'building') continue;
      const weights = coefficients.get(node.id);
      if (!weights || weights.size === 0) continue;
      const places = new Set([...weights.keys()].map((deviceId) => buildingOf.get(deviceId)));
      const [building] = places;
      if (places.size !== 1 || building === undefined) continue;
      measuring.set(building, [...(measuring.get(building) ?? []), node]);
    }
  }
  const areas = new Map<number, TreeArea>();
  for (const [building, nodes] of measuring) {
    const [node] = nodes;
    if (nodes.length !== 1 || !node || node.areaM2 === null) continue;
    areas.set(building, { areaM2: node.areaM2, nodeId: node.id, nodeName: node.name });
  }
  return areas;
}
