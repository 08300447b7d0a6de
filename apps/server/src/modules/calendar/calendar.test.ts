import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  const list = await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' });
  demoId = list.json().data.rows[0].id;
});
afterAll(() => t.close());

async function newProject(): Promise<number> {
  const res = await manager('PUT', '/sbuilding/project/create', {
    projectName: 'Cal',
    status: 'new',
    address: 'A',
  });
  return res.json().data.id;
}

describe('vacations', () => {
  it("returns the demo campus's 2026 holidays and adjusted working days", async () => {
    const res = await customer('GET', `/sbuilding/vacations/${demoId}?year=2026`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ projectId: demoId, year: 2026, version: 1 });
    expect(data.days).toContainEqual({ date: '2026-10-01', type: 'holiday', name: 'National Day 国庆节' });
    expect(data.days).toContainEqual(expect.objectContaining({ date: '2026-02-14', type: 'workday' }));
    expect(data.days.map((d: { date: string }) => d.date)).toEqual(
      [...data.days.map((d: { date: string }) => d.date)].sort(),
    );
  });

  it('answers version 0 and no days for a year never saved', async () => {
    const res = await manager('GET', `/sbuilding/vacations/${demoId}?year=2030`);
    expect(res.json().data).toEqual({ projectId: demoId, year: 2030, version: 0, days: [] });
  });

  it("defaults to the current year on the project's clock", async () => {
    const res = await manager('GET', `/sbuilding/vacations/${demoId}`);
    expect(res.json().data.year).toBeGreaterThanOrEqual(2026);
  });

  it('replaces the whole year with the saved set and bumps the version', async () => {
    const id = await newProject();
    const first = await manager('POST', '/sbuilding/vacations', {
      projectId: id,
      year: 2027,
      version: 0,
      days: [
        { date: '2027-01-01', type: 'holiday', name: "New Year's Day" },
        { date: '2027-01-09', type: 'workday' },
      ],
    });
    expect(first.json().data).toMatchObject({
      version: 1,
      days: [{ date: '2027-01-01' }, { date: '2027-01-09', name: '' }],
    });

    const second = await manager('POST', '/sbuilding/vacations', {
      projectId: id,
      year: 2027,
      version: 1,
      days: [{ date: '2027-05-03', type: 'holiday' }],
    });
    expect(second.json().data).toEqual({
      projectId: id,
      year: 2027,
      version: 2,
      days: [{ date: '2027-05-03', type: 'holiday', name: '' }],
    });
  });

  it('leaves other years alone when saving one', async () => {
    const id = await newProject();
    await manager('POST', '/sbuilding/vacations', {
      projectId: id,
      year: 2027,
      version: 0,
      days: [{ date: '2027-12-31', type: 'holiday' }],
    });
    await manager('POST', '/sbuilding/vacations', {
      projectId: id,
      year: 2028,
      version: 0,
      days: [{ date: '2028-01-01', type: 'holiday' }],
    });
    await manager('POST', '/sbuilding/vacations', { projectId: id, year: 2028, version: 1, days: [] });
    expect((await manager('GET', `/sbuilding/vacations/${id}?year=2027`)).json().data.days).toHaveLength(1);
  });

  it('refuses a save from a stale version with 409 and keeps the first save', async () => {
    const id = await newProject();
    const a = await manager('POST', '/sbuilding/vacations', {
      projectId: id,
      year: 2027,
      version: 0,
      days: [{ date: '2027-02-01', type: 'holiday' }],
    });
    expect(a.statusCode).toBe(200);
    const b = await manager('POST', '/sbuilding/vacations', {
      projectId: id,
      year: 2027,
      version: 0,
      days: [],
    });
    expect(b.statusCode).toBe(409);
    const c = await manager('POST', '/sbuilding/vacations', {
      projectId: id,
      year: 2027,
      version: 5,
      days: [],
    });
    expect(c.statusCode).toBe(409);
    expect((await manager('GET', `/sbuilding/vacations/${id}?year=2027`)).json().data).toMatchObject({
      version: 1,
      days: [{ date: '2027-02-01' }],
    });
  });

  it('refuses a day outside the year or twice in the set, naming the date, and changes nothing', async () => {
    const before = (await manager('GET', `/sbuilding/vacations/${demoId}?year=2026`)).json().data;
    const outside = await manager('POST', '/sbuilding/vacations', {
      projectId: demoId,
      year: 2026,
      version: 1,
      days: [{ date: '2027-01-01', type: 'holiday' }],
    });
    expect(outside.json()).toEqual({ code: 400, msg: 'Date is invalid', data: null });
    const twice = await managerZh('POST', '/sbuilding/vacations', {
      projectId: demoId,
      year: 2026,
      version: 1,
      days: [
        { date: '2026-03-02', type: 'holiday' },
        { date: '2026-03-02', type: 'workday' },
      ],
    });
    expect(twice.json().msg).toBe('日期格式不正确');
    const noType = await manager('POST', '/sbuilding/vacations', {
      projectId: demoId,
      year: 2026,
      version: 1,
      days: [{ date: '2026-03-02' }],
    });
    expect(noType.json().msg).toBe('Type is required');
    expect((await manager('GET', `/sbuilding/vacations/${demoId}?year=2026`)).json().data).toEqual(before);
  });

  it('refuses a customer saving a calendar with 403', async () => {
    const res = await customer('POST', '/sbuilding/vacations', {
      projectId: demoId,
      year: 2026,
      version: 1,
      days: [],
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('work times', () => {
  const work = {
    startTime: '08:30',
    endTime: '17:30',
    timeType: 'WORK',
    zoneType: 'meeting',
    name: 'Meetings',
  };

  it("lists the demo campus's office periods in start order", async () => {
    const res = await customer('GET', `/sbuilding/work/rest/list?projectId=${demoId}&zoneType=office`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows;
    expect(
      rows.map(
        (r: { timeType: string; startTime: string; endTime: string }) =>
          `${r.timeType} ${r.startTime}-${r.endTime}`,
      ),
    ).toEqual(['WORK 09:00-18:00', 'LUNCH 12:00-13:00', 'NAP 12:30-13:30']);
    expect(res.json().data.total).toBe(3);
  });

  it('filters by time type', async () => {
    const res = await manager('GET', `/sbuilding/work/rest/list?projectId=${demoId}&timeType=NAP`);
    expect(res.json().data.rows).toEqual([expect.objectContaining({ timeType: 'NAP', startTime: '12:30' })]);
  });

  it('creates, updates and deletes a work time', async () => {
    const id = await newProject();
    const created = await manager('POST', '/sbuilding/work/rest', { ...work, projectId: id });
    expect(created.statusCode).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({ ...work, projectId: id, version: 1 });

    const updated = await manager('PUT', '/sbuilding/work/rest', {
      ...work,
      id: row.id,
      version: 1,
      endTime: '19:00',
    });
    expect(updated.json().data).toMatchObject({ endTime: '19:00', version: 2 });

    const deleted = await manager('DELETE', `/sbuilding/work/rest/${row.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await manager('GET', `/sbuilding/work/rest/list?projectId=${id}`)).json().data).toEqual({
      rows: [],
      total: 0,
    });
  });

  it('accepts an overtime period that runs past midnight', async () => {
    const id = await newProject();
    const res = await manager('POST', '/sbuilding/work/rest', {
      ...work,
      projectId: id,
      timeType: 'OT',
      startTime: '20:00',
      endTime: '02:00',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses the later of two updates from the same version with 409', async () => {
    const id = await newProject();
    const row = (await manager('POST', '/sbuilding/work/rest', { ...work, projectId: id })).json().data;
    expect(
      (await manager('PUT', '/sbuilding/work/rest', { ...work, id: row.id, version: 1, name: 'A' }))
        .statusCode,
    ).toBe(200);
    const stale = await manager('PUT', '/sbuilding/work/rest', {
      ...work,
      id: row.id,
      version: 1,
      name: 'B',
    });
    expect(stale.statusCode).toBe(409);
    const [kept] = (await manager('GET', `/sbuilding/work/rest/list?projectId=${id}`)).json().data.rows;
    expect(kept).toMatchObject({ name: 'A', version: 2 });
  });

  it('requires zone type, time type, start and end, in English and Chinese (spec section 5)', async () => {
    const cases = [
      ['zoneType', 'Zone type is required', '区域类型不能为空'],
      ['timeType', 'Time type is required', '时间类型不能为空'],
      ['startTime', 'Start time is required', '开始时间不能为空'],
      ['endTime', 'End time is required', '结束时间不能为空'],
    ] as const;
    for (const [field, en, zh] of cases) {
      const payload = { ...work, projectId: demoId, [field]: '' };
      expect((await manager('POST', '/sbuilding/work/rest', payload)).json()).toEqual({
        code: 400,
        msg: en,
        data: null,
      });
      expect((await managerZh('POST', '/sbuilding/work/rest', payload)).json().msg).toBe(zh);
    }
  });

  it('refuses an end before the start, in both languages', async () => {
    const payload = { ...work, projectId: demoId, startTime: '18:00', endTime: '09:00' };
    expect((await manager('POST', '/sbuilding/work/rest', payload)).json().msg).toBe(
      'End time must be after start time',
    );
    expect((await managerZh('POST', '/sbuilding/work/rest', payload)).json().msg).toBe(
      '结束时间必须晚于开始时间',
    );
  });

  it('refuses a customer changing work times with 403', async () => {
    expect((await customer('POST', '/sbuilding/work/rest', { ...work, projectId: demoId })).statusCode).toBe(
      403,
    );
  });
});
