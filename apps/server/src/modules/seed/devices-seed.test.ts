import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, demoTenantId } from '../../test/tenants.js';
import { projects } from '../projects/tables.js';
import { bleGatewayInits, deviceMarks, devices, meshVersions } from '../devices/tables.js';
import { seedDevices } from './devices-seed.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let projectId: number;
let halls: { id: number; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  manager = as(t, await t.login('manager', 'manager123'));
  const [campus] = await t.app.db.select().from(projects).where(eq(projects.projectName, 'Demo Campus'));
  projectId = campus?.id ?? 0;
  halls = (await manager('POST', '/sbuilding/hall/getList', { projectId })).json().data.rows;
});
afterAll(() => t.close());

type Row = {
  id: number;
  model: string;
  floorId: number | null;
  zoneId: number | null;
  parentId: number | null;
};

async function floorsOf(buildingId: number): Promise<{ id: number; name: string; planViewBox: number[] }[]> {
  return (await manager('POST', '/sbuilding/floor/getList', { buildingId })).json().data.rows;
}

describe('the demo devices', () => {
  it('gives every floor of both buildings its gateways, lights, panels, sensors, ACs and ammeter channels', async () => {
    expect(halls.map((h) => h.name)).toEqual(['Building A', 'Building B']);
    for (const hall of halls) {
      const rows: Row[] = await t.app.db.select().from(devices).where(eq(devices.buildingId, hall.id));
      expect(rows.filter((d) => d.model === 'gw4g')).toHaveLength(1);
      const gw4g = rows.find((d) => d.model === 'gw4g');
      for (const floor of await floorsOf(hall.id)) {
        const on = rows.filter((d) => d.floorId === floor.id);
        const count = (model: string) => on.filter((d) => d.model === model).length;
        expect(count('ba')).toBe(1);
        expect(count('s2') + count('e90')).toBe(12);
        expect(count('s2')).toBeGreaterThan(0);
        expect(count('e90')).toBeGreaterThan(0);
        expect(count('kxx')).toBeGreaterThanOrEqual(2);
        expect(count('pir10')).toBe(2);
        expect(count('cc10')).toBe(1);
        expect(count('ac20')).toBeGreaterThanOrEqual(4);
        expect(count('ac20')).toBeLessThanOrEqual(6);
        expect(count('ammeter4g')).toBe(4);
        expect(count('sair4g')).toBe(1);
        expect(count('th10')).toBe(1);
        const ba = on.find((d) => d.model === 'ba');
        const cc10 = on.find((d) => d.model === 'cc10');
        for (const d of on) {
          expect(d.zoneId, `${d.model} in a zone`).not.toBeNull();
          if (['s2', 'e90', 'kxx', 'pir10'].includes(d.model)) expect(d.parentId).toBe(ba?.id);
          if (d.model === 'ac20') expect(d.parentId).toBe(cc10?.id);
          if (d.model === 'ammeter4g') expect(d.parentId).toBe(gw4g?.id);
        }
      }
    }
  });

  it('puts a bound mark for every device inside its zone on the floor plan', async () => {
    for (const hall of halls) {
      for (const floor of await floorsOf(hall.id)) {
        const marks = (await manager('POST', '/sbuilding/mark/getList', { floorId: floor.id })).json().data;
        const zones = (
          await manager('POST', '/sbuilding/sector/getList', { floorId: floor.id, pageSize: 100 })
        ).json().data.rows;
        const onFloor: Row[] = await t.app.db.select().from(devices).where(eq(devices.floorId, floor.id));
        expect(marks).toHaveLength(onFloor.length);
        const [, , width, height] = floor.planViewBox;
        for (const mark of marks) {
          expect(mark.bound).toBe(true);
          const device = onFloor.find((d) => d.id === mark.deviceId);
          const zone = zones.find((z: { id: number }) => z.id === device?.zoneId);
          const { x, y, w, h } = zone.shape;
          expect(mark.x).toBeGreaterThan(x);
          expect(mark.x).toBeLessThan(x + w);
          expect(mark.y).toBeGreaterThan(y);
          expect(mark.y).toBeLessThan(y + h);
          expect(mark.x).toBeLessThan(width ?? 0);
          expect(mark.y).toBeLessThan(height ?? 0);
        }
        expect(new Set(marks.map((m: { markName: string }) => m.markName)).size).toBe(marks.length);
      }
    }
  });

  it('records the first mesh version of each building and groups corridor lights and ACs per floor', async () => {
    for (const hall of halls) {
      const versions = (await manager('POST', '/sbuilding/mesh/getList', { buildingId: hall.id })).json()
        .data;
      expect(versions.total).toBe(1);
      const marks = await t.app.db.select().from(deviceMarks).where(eq(deviceMarks.buildingId, hall.id));
      expect(versions.rows[0]).toMatchObject({ version: 1, added: marks.length, createdBy: 'manager' });
    }
    const groups = (await manager('POST', '/sbuilding/group/getList', { projectId, pageSize: 100 })).json()
      .data;
    const names = groups.rows.map((g: { name: string }) => g.name);
    expect(names).toContain('Building A 2nd floor corridor lights');
    expect(names).toContain('Building B 3rd floor ACs');
    const corridor = groups.rows.find(
      (g: { name: string }) => g.name === 'Building A 2nd floor corridor lights',
    );
    expect(corridor).toMatchObject({ category: 'light', deviceCount: 4 });
    expect(groups.total).toBe(12);
  });

  it('starts the Bluetooth gateways initialised', async () => {
    const inits = await t.app.db.select().from(bleGatewayInits);
    expect(inits).toHaveLength(6);
    expect(inits.every((i) => i.status === 'ready' && i.progress === 100)).toBe(true);
  });

  it('stores them as the registry does: it reads them and refuses a demo light or ammeter channel again', async () => {
    const first = async (model: 's2' | 'ammeter4g') => {
      const [row] = await t.app.db
        .select()
        .from(devices)
        .where(and(eq(devices.projectId, projectId), eq(devices.model, model)))
        .limit(1);
      if (!row) throw new Error(`no demo ${model}`);
      return row;
    };
    const light = await first('s2');
    const info = await manager('GET', `/sbuilding/device/getDeviceInfoById/${light.id}`);
    expect(info.statusCode, info.body).toBe(200);
    const place = { buildingId: light.buildingId, floorId: light.floorId };
    const mac = String(light.props.macAddr).toUpperCase().replaceAll(':', '-');
    const copy = { ...place, name: 'Copy', macAddr: mac, codeAddr: 'COPY00000001', manufacturerCode: 'X' };
    const again = await manager('PUT', '/sbuilding/device/create/s2', copy);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toMatch(/^A device of this model with the same .* already exists$/);
    const meter = await first('ammeter4g');
    const channel = {
      ...place,
      name: 'Copy',
      gatewayId: meter.parentId,
      codeAddr: meter.props.codeAddr,
      channel: meter.props.channel,
      ratio: 1,
      transformerRatio: 1,
    };
    const taken = await manager('PUT', '/sbuilding/device/create/ammeter4g', channel);
    expect(taken.json().msg).toMatch(/^A device of this model with the same .* already exists$/);
    const other = await manager('PUT', '/sbuilding/device/create/ammeter4g', {
      ...channel,
      codeAddr: 'COPY00000002',
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const count = async () => ({
      devices: (await t.app.db.select().from(devices)).length,
      marks: (await t.app.db.select().from(deviceMarks)).length,
      versions: (await t.app.db.select().from(meshVersions)).length,
    });
    const before = await count();
    await seedDevices(t.app.db, await demoTenantId(t), projectId);
    expect(await count()).toEqual(before);
    const [any] = await t.app.db
      .select()
      .from(devices)
      .where(and(eq(devices.projectId, projectId), eq(devices.model, 'ba')));
    expect(any).toBeDefined();
  });
});
