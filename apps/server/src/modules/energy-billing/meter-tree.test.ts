import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill, MeterNode, MeterTree } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { demoProjectId } from '../../test/device-import.js';
import {
  energyRow,
  hourAt,
  insertCampus,
  insertChannel as insertMeterChannel,
  priceProject,
} from '../../test/energy-fixture.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { telemetryDaily, telemetryHourly } from '../telemetry/tables.js';

/*
 * A fixed data set in its own project (Asia/Shanghai), 2026-07-15, under a flat tariff of 1 CNY/kWh with a
 * demand charge of 10 CNY/kW and 0.5 kgCO2e/kWh:
 *   main (floor F1's meter): 1 kWh every local hour, 5 at 10:00 = 28 kWh
 *   common (F1's common areas): 1 kWh an hour from 00:00 to 09:00 = 10 kWh
 *   f2 (floor F2's meter): 2 kWh at 10:00 = 2 kWh
 *   lab (a sub-meter on F2): 5 kWh at 11:00 = 5 kWh, more than F2's own meter (a wiring mistake)
 * The tree: building A (no meter: its floors' sum, 1000 m²) → F1 (main, 500 m²) → common areas (common) and
 * tenant T = F1 − common areas (200 m²); F2 (f2) → lab.
 * Worked by hand: T = 28 − 10 = 18 kWh, 18 CNY, 9 kgCO2e, 0.09 kWh/m²; F1's remainder 28 − (10 + 18) = 0
 * (before T exists: 18); F2's remainder 2 − 5 = −3 (flagged); building A 28 + 2 = 30 kWh, 0.03 kWh/m².
 * T's bill for July: 18 kWh; its hours are 1 − 1 = 0 until 09:00, 5 at 10:00, 1 after: peak 5 kW at 10:00
 * (hourly basis: no raw readings), demand charge 50, total 68.
 */

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let otherProjectId: number;
let buildingA: number;
let buildingB: number;
let main: number;
let common: number;
let f2: number;
let lab: number;
let elsewhere: number;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  await createTenant(t, 'Meter tree other tenant', [{ username: 'treeadmin', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('treeadmin', 'treeadmin123'));
  const tenantId = await demoTenantId(t);
  const campus = await insertCampus(t.app.db, { tenantId, projectName: 'Meter tree test', floors: ['F1'] });
  const otherCampus = await insertCampus(t.app.db, {
    tenantId,
    projectName: 'Meter tree other',
    building: 'B',
  });
  projectId = campus.projectId;
  otherProjectId = otherCampus.projectId;
  buildingA = campus.buildingId;
  buildingB = otherCampus.buildingId;
  const insertChannel = (project: number, name: string, codeAddr: string) =>
    insertMeterChannel(t.app.db, {
      tenantId,
      projectId: project,
      buildingId: project === projectId ? buildingA : buildingB,
      name,
      codeAddr,
    });
  main = await insertChannel(projectId, 'Main', '000000000101');
  common = await insertChannel(projectId, 'Common', '000000000102');
  f2 = await insertChannel(projectId, 'F2 meter', '000000000103');
  lab = await insertChannel(projectId, 'Lab', '000000000104');
  elsewhere = await insertChannel(otherProjectId, 'Elsewhere', '000000000105');

  const hourly = [];
  for (let h = 0; h < 24; h++)
    hourly.push({ ...energyRow(main, h === 10 ? 5 : 1), bucket: hourAt('2026-07-15', h) });
  for (let h = 0; h < 10; h++) hourly.push({ ...energyRow(common, 1), bucket: hourAt('2026-07-15', h) });
  hourly.push(
    { ...energyRow(f2, 2), bucket: hourAt('2026-07-15', 10) },
    { ...energyRow(lab, 5), bucket: hourAt('2026-07-15', 11) },
  );
  await t.app.db.insert(telemetryHourly).values(hourly);
  await t.app.db.insert(telemetryDaily).values([
    { ...energyRow(main, 28), day: '2026-07-15' },
    { ...energyRow(common, 10), day: '2026-07-15' },
    { ...energyRow(f2, 2), day: '2026-07-15' },
    { ...energyRow(lab, 5), day: '2026-07-15' },
  ]);
  await priceProject(
    manager,
    projectId,
    { name: 'Flat', kind: 'flat', flatPrice: 1, demandChargePerKw: 10 },
    0.5,
  );
});
afterAll(() => t.close());

const ids: Record<string, number> = {};

async function create(body: Record<string, unknown>): Promise<MeterNode> {
  const res = await manager('POST', '/sbuilding/energy/meter-node', { projectId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MeterNode }>().data;
}

async function tree(): Promise<MeterTree> {
  const res = await manager(
    'GET',
    `/sbuilding/energy/meter-tree?projectId=${projectId}&period=DAY&anchor=2026-07-15`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MeterTree }>().data;
}
const nodeOf = (tr: MeterTree, id: number | undefined) => {
  const node = tr.nodes.find((n) => n.id === id);
  if (!node) throw new Error(`no node ${id}`);
  return node;
};
const round = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);

describe('the meter tree: nodes', () => {
  it('starts empty, then builds building → floors → common areas, with areas and channels', async () => {
    expect((await tree()).nodes).toEqual([]);
    ids.a = (await create({ kind: 'building', name: 'A', areaM2: 1000 })).id;
    ids.f1 = (await create({ kind: 'floor', name: 'F1', parentId: ids.a, areaM2: 500, channels: [main] })).id;
    ids.f2 = (await create({ kind: 'floor', name: 'F2', parentId: ids.a, areaM2: 500, channels: [f2] })).id;
    ids.common = (
      await create({ kind: 'zone', name: 'Common areas', parentId: ids.f1, channels: [common] })
    ).id;
    ids.lab = (await create({ kind: 'zone', name: 'Lab', parentId: ids.f2, channels: [lab] })).id;
    const list = await manager('GET', `/sbuilding/energy/meter-node/list?projectId=${projectId}`);
    expect(list.json<{ data: MeterNode[] }>().data.map((n) => n.name)).toEqual([
      'A',
      'F1',
      'F2',
      'Common areas',
      'Lab',
    ]);
  });

  it('shows what no sub-meter accounts for as the unmetered remainder', async () => {
    const tr = await tree();
    const f1 = nodeOf(tr, ids.f1);
    expect(f1).toMatchObject({
      source: 'channels',
      kwh: 28,
      childrenKwh: 10,
      remainder: 18,
      remainderNegative: false,
    });
    expect(tr.channels.find((c) => c.deviceId === main)).toMatchObject({ nodeId: ids.f1, kwh: 28 });
  });

  it('adds a tenant unit as a virtual meter: the floor minus its common areas', async () => {
    ids.tenant = (
      await create({
        kind: 'tenantUnit',
        name: 'Tenant T',
        parentId: ids.f1,
        areaM2: 200,
        terms: [
          { sign: 1, nodeId: ids.f1 },
          { sign: -1, nodeId: ids.common },
        ],
      })
    ).id;
    const tr = await tree();
    const tenant = nodeOf(tr, ids.tenant);
    expect(tenant.source).toBe('virtual');
    expect(round(tenant.kwh)).toBe(18);
    expect(round(tenant.cost)).toBe(18);
    expect(round(tenant.carbon)).toBe(9);
    expect(round(tenant.kwhPerM2)).toBe(0.09);
    expect(nodeOf(tr, ids.f1)).toMatchObject({ childrenKwh: 28, remainder: 0, remainderNegative: false });
    // Sub-meters counting more than their parent are flagged, never hidden.
    expect(nodeOf(tr, ids.f2)).toMatchObject({
      kwh: 2,
      childrenKwh: 5,
      remainder: -3,
      remainderNegative: true,
    });
    // A building without a meter of its own is its floors' sum: no remainder to show.
    expect(nodeOf(tr, ids.a)).toMatchObject({ source: 'children', kwh: 30, remainder: null, kwhPerM2: 0.03 });
    expect(tr.hasTariff).toBe(true);
  });

  it('refuses a cycle in the tree, with a clear message in both languages', async () => {
    const moveUnder = { projectId, id: ids.a, kind: 'building', name: 'A', parentId: ids.tenant };
    const res = await manager('PUT', '/sbuilding/energy/meter-node', moveUnder);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('the tree would have a cycle');
    const zh = await managerZh('PUT', '/sbuilding/energy/meter-node', { ...moveUnder, parentId: ids.a });
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toContain('计量树会形成循环');
  });

  it('refuses a virtual meter that refers to itself, directly or through another node', async () => {
    const tenant = {
      projectId,
      id: ids.tenant,
      kind: 'tenantUnit',
      name: 'Tenant T',
      parentId: ids.f1,
      terms: [{ sign: 1, nodeId: ids.tenant }],
    };
    const self = await manager('PUT', '/sbuilding/energy/meter-node', tenant);
    expect(self.statusCode).toBe(400);
    expect(self.body).toContain('A virtual meter cannot refer to itself');
    // Common areas = tenant T, while T = F1 − common areas.
    const round2 = await managerZh('PUT', '/sbuilding/energy/meter-node', {
      projectId,
      id: ids.common,
      kind: 'zone',
      name: 'Common areas',
      parentId: ids.f1,
      terms: [{ sign: 1, nodeId: ids.tenant }],
    });
    expect(round2.statusCode).toBe(400);
    expect(round2.body).toContain('虚拟电表不能直接或通过其引用的节点引用自身');
  });

  it('refuses a channel assigned twice, an area out of range, channels and terms together, a foreign channel', async () => {
    const taken = await manager('POST', '/sbuilding/energy/meter-node', {
      projectId,
      kind: 'zone',
      name: 'Again',
      channels: [main],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain('A meter channel measures one node only');
    const takenZh = await managerZh('POST', '/sbuilding/energy/meter-node', {
      projectId,
      kind: 'zone',
      name: 'Again',
      channels: [lab, lab],
    });
    expect(takenZh.body).toContain('一个电表回路只能计量一个节点');
    const area = await manager('POST', '/sbuilding/energy/meter-node', {
      projectId,
      kind: 'zone',
      name: 'Huge',
      areaM2: 20_000_000,
    });
    expect(area.statusCode).toBe(400);
    expect(area.body).toContain('Area must be between 0.1 and 10,000,000 m²');
    const areaZh = await managerZh('POST', '/sbuilding/energy/meter-node', {
      projectId,
      kind: 'zone',
      name: 'Zero',
      areaM2: 0,
    });
    expect(areaZh.body).toContain('面积必须介于 0.1 和 10,000,000 m² 之间');
    const both = await manager('POST', '/sbuilding/energy/meter-node', {
      projectId,
      kind: 'zone',
      name: 'Both',
      channels: [f2],
      terms: [{ sign: 1, deviceId: main }],
    });
    expect(both.body).toContain('either by its own channels or as a virtual meter');
    const foreign = await manager('POST', '/sbuilding/energy/meter-node', {
      projectId,
      kind: 'zone',
      name: 'Foreign',
      terms: [{ sign: 1, deviceId: elsewhere }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain("meter channels of this project's energy meters");
    const noKind = await managerZh('POST', '/sbuilding/energy/meter-node', { projectId, name: 'X' });
    expect(noKind.body).toContain('节点类型不能为空');
  });

  it('keeps other tenants out and lets only a tbAdmin write', async () => {
    expect(
      (await stranger('GET', `/sbuilding/energy/meter-tree?projectId=${projectId}&period=DAY`)).statusCode,
    ).toBe(404);
    expect(
      (await stranger('GET', `/sbuilding/energy/meter-node/list?projectId=${projectId}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await stranger('PUT', '/sbuilding/energy/meter-node', {
          projectId,
          id: ids.lab,
          kind: 'zone',
          name: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger('DELETE', `/sbuilding/energy/meter-node/${ids.lab}`)).statusCode).toBe(404);
    expect(
      (
        await stranger(
          'GET',
          `/sbuilding/energy/bill?projectId=${projectId}&month=2026-07&level=node&nodeId=${ids.tenant}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await customer('POST', '/sbuilding/energy/meter-node', { projectId, kind: 'zone', name: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await customer('DELETE', `/sbuilding/energy/meter-node/${ids.lab}`)).statusCode).toBe(403);
    expect(
      (
        await customer(
          'GET',
          `/sbuilding/energy/meter-tree?projectId=${projectId}&period=DAY&anchor=2026-07-15`,
        )
      ).statusCode,
    ).toBe(200);
  });

  it("bills a tenant unit: the virtual meter's kWh, cost, and peak on the signed hours", async () => {
    const nodes = await manager('GET', `/sbuilding/energy/bill/nodes?projectId=${projectId}`);
    expect(nodes.body).toContain('"level":"node"');
    const res = await manager(
      'GET',
      `/sbuilding/energy/bill?projectId=${projectId}&month=2026-07&level=node&nodeId=${ids.tenant}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json<{ data: Bill }>().data;
    expect(bill).toMatchObject({
      level: 'node',
      nodeName: 'Tenant T',
      peakBasis: 'hour',
      peakAt: '2026-07-15 10:00',
    });
    expect(round(bill.kwh)).toBe(18);
    expect(round(bill.energyCost)).toBe(18);
    expect(round(bill.peakKw)).toBe(5);
    expect(round(bill.demandCharge)).toBe(50);
    expect(round(bill.total)).toBe(68);
    expect(round(bill.carbon)).toBe(9);
    expect(bill.meters.map((m) => [m.deviceId, round(m.kwh)])).toEqual([
      [main, 28],
      [common, -10],
    ]);
  });

  it('deletes a leaf, and refuses a node with sub-nodes or one a virtual meter refers to', async () => {
    const parent = await manager('DELETE', `/sbuilding/energy/meter-node/${ids.f1}`);
    expect(parent.statusCode).toBe(400);
    expect(parent.body).toContain('This node has sub-nodes');
    const referred = await managerZh('DELETE', `/sbuilding/energy/meter-node/${ids.common}`);
    expect(referred.statusCode).toBe(400);
    expect(referred.body).toContain('虚拟电表 [Tenant T] 引用了该节点');
    expect((await manager('DELETE', `/sbuilding/energy/meter-node/${ids.lab}`)).statusCode).toBe(200);
    expect(nodeOf(await tree(), ids.f2)).toMatchObject({ remainder: null, remainderNegative: false });
  });
});

describe('the demo campus', () => {
  it('comes with a meter tree: areas, floors on their ammeters, tenant A = floor − common areas, tenant B', async () => {
    const demo = await demoProjectId(t, await t.login('manager', 'manager123'));
    const res = await manager('GET', `/sbuilding/energy/meter-tree?projectId=${demo}&period=MONTH`);
    expect(res.statusCode, res.body).toBe(200);
    const { nodes, channels } = res.json<{ data: MeterTree }>().data;
    const byName = (name: string) => {
      const node = nodes.find((n) => n.name === name);
      if (!node) throw new Error(`no ${name} in ${nodes.map((n) => n.name).join(', ')}`);
      return node;
    };
    const floorsWithMeters = nodes.filter((n) => n.kind === 'floor');
    expect(floorsWithMeters.length).toBeGreaterThan(1);
    for (const floor of floorsWithMeters) expect(floor).toMatchObject({ source: 'channels', areaM2: 1200 });
    // Every ammeter channel of the campus measures its floor.
    expect(channels.every((c) => c.nodeId !== null)).toBe(true);
    const tenantA = byName('Tenant A');
    const common = byName('Common areas');
    expect(tenantA).toMatchObject({ kind: 'tenantUnit', source: 'virtual', areaM2: 850 });
    expect(tenantA.terms).toEqual([
      { sign: 1, nodeId: tenantA.parentId, deviceId: null },
      { sign: -1, nodeId: common.id, deviceId: null },
    ]);
    expect(byName('Tenant B')).toMatchObject({ kind: 'tenantUnit', source: 'virtual', areaM2: 600 });
    const building = nodes.find((n) => n.kind === 'building');
    expect(building).toMatchObject({ source: 'children', parentId: null });
  });
});
