import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpaceBoard } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { airSpaceFixture, setHour, setLatest, type Fixture } from '../../test/air-space.js';
import { as, createTenant } from '../../test/tenants.js';
import { zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { TelemetryWriter } from '../telemetry/index.js';
import { spaceBoard } from './space.js';

/*
 * The space board on the fixed data set (test/air-space.ts), at 2026-11-21 12:30 in Shanghai (04:30Z):
 * the last 7 local days are 2026-11-15 … 2026-11-21. Busy room's PIR saw someone 5 minutes ago, Stale room's
 * 2 hours ago (older than the 15-minute window), Silent room's never reported.
 */

let t: TestApp;
let f: Fixture;
let board: SpaceBoard;
const NOW = Date.parse('2026-11-21T04:30:00Z');

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  f = await airSpaceFixture(t);
  await setLatest(t, f.device.busyPir, { pir: 1 }, new Date(NOW - 5 * 60_000));
  await setLatest(t, f.device.stalePir, { pir: 1 }, new Date(NOW - 2 * 3_600_000));
  // Busy room: 09:00 local on the 21st (01:00Z) and the 20th with presence, 10:00 on the 21st without;
  // 00:00 local on the 15th (16:00Z on the 14th) with presence, and 23:00 on the 14th, a day too old.
  await setHour(t, f.device.busyPir, 'pir', '2026-11-21T01:00:00Z', [0, 1, 0]);
  await setHour(t, f.device.busyPir, 'pir', '2026-11-21T02:00:00Z', [0, 0]);
  await setHour(t, f.device.busyPir, 'pir', '2026-11-20T01:00:00Z', [1]);
  await setHour(t, f.device.busyPir, 'pir', '2026-11-14T16:00:00Z', [1]);
  await setHour(t, f.device.busyPir, 'pir', '2026-11-14T15:00:00Z', [1]);
  // Stale room: nobody at 09:00 local on the 21st.
  await setHour(t, f.device.stalePir, 'pir', '2026-11-21T01:00:00Z', [0, 0]);
  board = await spaceBoard(t.app.db, f.scope, { projectId: f.projectId, buildingId: undefined }, NOW);
});
afterAll(() => t.close());

const zone = (id: number) => board.zones.find((z) => z.zoneId === id);

describe('space board', () => {
  it('lists the zones with PIR sensors only, over the last 7 local days', () => {
    expect(board.timeZone).toBe('Asia/Shanghai');
    expect(board.days).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(board.zones.map((z) => z.zoneName)).toEqual(['Busy room', 'Silent room', 'Stale room']);
  });

  it('is occupied on a fresh presence, vacant on a stale one, and without data when nothing reported', () => {
    expect(zone(f.zone.busy)?.state).toBe('occupied');
    expect(zone(f.zone.stale)).toMatchObject({
      state: 'vacant',
      lastPresence: new Date(NOW - 2 * 3_600_000).toISOString(),
    });
    expect(zone(f.zone.silent)).toMatchObject({ state: 'noData', lastPresence: null, utilisation: null });
    expect([board.occupied, board.vacant]).toEqual([1, 1]);
  });

  it('places hourly rollups in local days and hours and answers the share of hours with presence', () => {
    const busy = zone(f.zone.busy);
    expect(busy?.grid[6]?.[9]).toBe(1);
    expect(busy?.grid[6]?.[10]).toBe(0);
    expect(busy?.grid[5]?.[9]).toBe(1);
    expect(busy?.grid[0]?.[0]).toBe(1);
    expect(busy?.grid[6]?.[11]).toBeNull();
    // 3 of the 4 hours with readings had presence; 09:00 both days, 10:00 never, 00:00 once.
    expect(busy?.utilisation).toBe(0.75);
    expect(busy?.byHour[9]).toBe(1);
    expect(busy?.byHour[10]).toBe(0);
    expect(busy?.byHour[0]).toBe(1);
    expect(busy?.byHour[12]).toBeNull();
    expect(zone(f.zone.stale)?.utilisation).toBe(0);
    // At 09:00 on the 21st one of the two zones with readings was in use.
    expect(board.grid[6]?.[9]).toBe(0.5);
    expect(board.grid[6]?.[10]).toBe(0);
    expect(board.grid[3]?.[3]).toBeNull();
  });

  it("answers through the API to the project's users, 404 to another tenant", async () => {
    const manager = as(t, await t.login('manager', 'manager123'));
    const res = await manager(
      'GET',
      `/sbuilding/board/space?projectId=${f.projectId}&buildingId=${f.buildingId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.zones).toHaveLength(3);
    await createTenant(t, 'Space stranger', [{ username: 'spacestranger', role: 'tbAdmin' }]);
    const stranger = as(t, await t.login('spacestranger', 'spacestranger123'));
    expect((await stranger('GET', `/sbuilding/board/space?projectId=${f.projectId}`)).statusCode).toBe(404);
  });
});

describe('space board: last presence from real readings', () => {
  it('answers the last reading with presence when the latest says nobody is there (the heatmap agrees)', async () => {
    // A room left at 12:05 local: the sensor saw someone at 11:50 and 12:05, nobody at 12:20 (its latest).
    const [busy] = await t.app.db.select().from(zones).where(eq(zones.id, f.zone.busy));
    if (!busy) throw new Error('no zone');
    const [left] = await t.app.db
      .insert(zones)
      .values({ tenantId: f.tenantId, floorId: busy.floorId, name: 'Left room', type: 'office' })
      .returning();
    if (!left) throw new Error('no zone');
    const sensor = await insertDevice(t.app.db, {
      model: 'pir10',
      name: 'PIR left',
      buildingId: f.buildingId,
      floorId: busy.floorId,
    });
    await t.app.db.update(devices).set({ zoneId: left.id, online: true }).where(eq(devices.id, sensor.id));
    const writer = new TelemetryWriter(t.app.db);
    const reading = (iso: string, pir: number) => ({
      deviceId: sensor.id,
      key: 'pir',
      ts: Date.parse(iso),
      value: pir,
    });
    await writer.write([
      reading('2026-11-21T03:50:00Z', 1),
      reading('2026-11-21T04:05:00Z', 1),
      reading('2026-11-21T04:20:00Z', 0),
    ]);
    await writer.close();

    const now = await spaceBoard(t.app.db, f.scope, { projectId: f.projectId, buildingId: undefined }, NOW);
    const room = now.zones.find((z) => z.zoneId === left.id);
    expect(room).toMatchObject({
      lastPresence: '2026-11-21T04:05:00.000Z',
      lastReport: '2026-11-21T04:20:00.000Z',
      // 25 minutes ago: older than the 15-minute presence window.
      state: 'vacant',
    });
    // 11:00 and 12:00 local today had presence, as the last presence says.
    expect(room?.grid[6]?.[11]).toBe(1);
    expect(room?.grid[6]?.[12]).toBe(1);
  });
});
