import { describe, expect, it } from 'vitest';
import { isTimeZone, projectCreateBodySchema, projectListBodySchema } from './project.js';
import { vacationsBodySchema, workTimeCreateBodySchema } from './calendar.js';
import { configCreateBodySchema, dictDataCreateBodySchema, downloadQuerySchema } from './system.js';
import { isIsoDate } from './fields.js';

/** The first issue as "path: message", the way the server's error handler reads it. */
function firstIssue(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'ok';
}

describe('project schemas', () => {
  const valid = { projectName: 'Campus', status: 'new', address: '1 Road' };

  it('accepts a project with name, status and address, defaulting the time zone to Asia/Shanghai', () => {
    const parsed = projectCreateBodySchema.parse(valid);
    expect(parsed).toMatchObject({ ...valid, description: '', timeZone: 'Asia/Shanghai' });
  });

  it('requires name, status and address, whether absent, empty or blank', () => {
    expect(firstIssue(projectCreateBodySchema.safeParse({ ...valid, projectName: '  ' }))).toBe(
      'projectName: required',
    );
    expect(firstIssue(projectCreateBodySchema.safeParse({ ...valid, status: '' }))).toBe('status: required');
    const { address: _a, ...noAddress } = valid;
    expect(firstIssue(projectCreateBodySchema.safeParse(noAddress))).toBe('address: required');
  });

  it('refuses an unknown status as invalid rather than missing', () => {
    expect(firstIssue(projectCreateBodySchema.safeParse({ ...valid, status: 'archived' }))).toBe(
      'status: invalid',
    );
  });

  it('knows IANA time zones and refuses offsets and made-up names', () => {
    expect(
      ['Asia/Shanghai', 'Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires'].map(isTimeZone),
    ).toEqual([true, true, true, true]);
    expect(['+08:00', 'Mars/Olympus', '', 'Asia/../etc'].map(isTimeZone)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('treats empty and null list filters as no filter', () => {
    expect(projectListBodySchema.parse({ projectName: '', status: null })).toEqual({
      pageNum: 1,
      pageSize: 20,
      projectName: undefined,
      status: undefined,
    });
  });
});

describe('work time schema', () => {
  const valid = { projectId: 1, startTime: '09:00', endTime: '18:00', timeType: 'WORK', zoneType: 'office' };

  it('requires zone type, time type, start time and end time (spec section 5)', () => {
    for (const field of ['zoneType', 'timeType', 'startTime', 'endTime'] as const) {
      expect(firstIssue(workTimeCreateBodySchema.safeParse({ ...valid, [field]: '' }))).toBe(
        `${field}: required`,
      );
    }
  });

  it('refuses times that are not HH:mm within a day', () => {
    for (const startTime of ['9:00', '24:00', '09:60', '0900']) {
      expect(firstIssue(workTimeCreateBodySchema.safeParse({ ...valid, startTime }))).toBe(
        'startTime: invalid',
      );
    }
  });

  it('refuses an end that is not after the start', () => {
    expect(firstIssue(workTimeCreateBodySchema.safeParse({ ...valid, endTime: '08:00' }))).toBe(
      'endTime: endAfterStart',
    );
    expect(firstIssue(workTimeCreateBodySchema.safeParse({ ...valid, endTime: '09:00' }))).toBe(
      'endTime: endAfterStart',
    );
  });

  it('lets an overtime period run past midnight', () => {
    const ot = { ...valid, timeType: 'OT', startTime: '20:00', endTime: '02:00' };
    expect(workTimeCreateBodySchema.safeParse(ot).success).toBe(true);
  });
});

describe('vacations body', () => {
  const valid = { projectId: 1, year: 2026, version: 0, days: [{ date: '2026-01-01', type: 'holiday' }] };

  it('accepts a year of days and defaults their names to empty', () => {
    expect(vacationsBodySchema.parse(valid).days).toEqual([
      { date: '2026-01-01', type: 'holiday', name: '' },
    ]);
  });

  it('refuses a day outside the year, a repeated day and a date that does not exist', () => {
    const outside = { ...valid, days: [{ date: '2025-12-31', type: 'holiday' }] };
    expect(firstIssue(vacationsBodySchema.safeParse(outside))).toBe('days.0.date: invalid');
    const twice = { ...valid, days: [...valid.days, { date: '2026-01-01', type: 'workday' }] };
    expect(firstIssue(vacationsBodySchema.safeParse(twice))).toBe('days.1.date: invalid');
    const impossible = { ...valid, days: [{ date: '2026-02-30', type: 'holiday' }] };
    expect(firstIssue(vacationsBodySchema.safeParse(impossible))).toBe('days.0.date: invalid');
  });

  it('checks real calendar dates, leap years included', () => {
    expect(['2024-02-29', '2026-12-31'].map(isIsoDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '26-01-01', '2026-1-1'].map(isIsoDate)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('system schemas', () => {
  it('requires a config name, key and value and defaults the type to user defined', () => {
    expect(firstIssue(configCreateBodySchema.safeParse({ configName: 'a', configKey: 'b' }))).toBe(
      'configValue: required',
    );
    expect(
      configCreateBodySchema.parse({ configName: 'a', configKey: 'b', configValue: 'c' }).configType,
    ).toBe('N');
  });

  it('refuses dictionary types that could not sit in a URL segment', () => {
    const row = { dictLabel: 'Done', dictValue: 'done' };
    expect(dictDataCreateBodySchema.safeParse({ ...row, dictType: 'sb_project_status' }).success).toBe(true);
    expect(firstIssue(dictDataCreateBodySchema.safeParse({ ...row, dictType: '../x' }))).toBe(
      'dictType: invalid',
    );
  });

  it('accepts only generated export names for download', () => {
    expect(downloadQuerySchema.parse({ fileName: 'config-1.xlsx', delete: 'true' })).toEqual({
      fileName: 'config-1.xlsx',
      delete: true,
    });
    for (const fileName of [
      '../secret.xlsx',
      '/etc/passwd',
      'a/b.xlsx',
      'a\\b.xlsx',
      'x..xlsx',
      'notes.txt',
    ]) {
      expect(downloadQuerySchema.safeParse({ fileName }).success).toBe(false);
    }
  });
});
