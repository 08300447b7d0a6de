import { describe, expect, it } from 'vitest';
import {
  buildingCreateBodySchema,
  floorCreateBodySchema,
  zoneCreateBodySchema,
  zoneShapeSchema,
} from './building.js';

/** The first issue as "path: message", the way the server's error handler reads it. */
function firstIssue(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'ok';
}

describe('building schemas', () => {
  const building = { projectId: 1, name: 'A', longitude: 121.6, latitude: 31.2 };

  it('defaults the address, the image (none) and the mini-program binding (on)', () => {
    expect(buildingCreateBodySchema.parse({ ...building, imageId: '' })).toEqual({
      ...building,
      address: '',
      imageId: null,
      miniProgramEnabled: true,
    });
  });

  it('keeps longitude within -180..180 and latitude within -90..90, edges included', () => {
    expect(
      firstIssue(buildingCreateBodySchema.safeParse({ ...building, longitude: 180, latitude: -90 })),
    ).toBe('ok');
    expect(firstIssue(buildingCreateBodySchema.safeParse({ ...building, longitude: -180.1 }))).toBe(
      'longitude: longitudeRange',
    );
    expect(firstIssue(buildingCreateBodySchema.safeParse({ ...building, latitude: 90.1 }))).toBe(
      'latitude: latitudeRange',
    );
    expect(firstIssue(buildingCreateBodySchema.safeParse({ ...building, latitude: null }))).toBe(
      'latitude: required',
    );
  });

  it('accepts only a UUID as a file reference', () => {
    expect(firstIssue(buildingCreateBodySchema.safeParse({ ...building, imageId: '../x.png' }))).toBe(
      'imageId: invalid',
    );
  });
});

describe('floor schemas', () => {
  it('keeps each tag once, trims them and allows no negative area', () => {
    const parsed = floorCreateBodySchema.parse({ buildingId: 1, name: 'F1', tags: [' a ', 'a', 'b'] });
    expect(parsed).toMatchObject({ tags: ['a', 'b'], area: null, planId: null, sort: 0, mark: '' });
    expect(firstIssue(floorCreateBodySchema.safeParse({ buildingId: 1, name: 'F1', area: -0.5 }))).toBe(
      'area: nonNegative',
    );
  });
});

describe('zone shapes', () => {
  it('are a rectangle with a positive size or a polygon of 3 to 100 points', () => {
    expect(zoneShapeSchema.safeParse({ kind: 'rect', x: -5, y: 0, w: 1, h: 2 }).success).toBe(true);
    expect(firstIssue(zoneShapeSchema.safeParse({ kind: 'rect', x: 0, y: 0, w: 0, h: 2 }))).toBe(
      'w: invalid',
    );
    const points = (n: number) => Array.from({ length: n }, (_, i) => [i, i * 2]);
    expect(zoneShapeSchema.safeParse({ kind: 'polygon', points: points(3) }).success).toBe(true);
    expect(zoneShapeSchema.safeParse({ kind: 'polygon', points: points(100) }).success).toBe(true);
    expect(firstIssue(zoneShapeSchema.safeParse({ kind: 'polygon', points: points(2) }))).toBe(
      'points: polygonPoints',
    );
    expect(firstIssue(zoneShapeSchema.safeParse({ kind: 'polygon', points: points(101) }))).toBe(
      'points: polygonPoints',
    );
    expect(
      zoneShapeSchema.safeParse({
        kind: 'polygon',
        points: [
          [0, 0],
          [1, 'x'],
          [2, 2],
        ],
      }).success,
    ).toBe(false);
    expect(zoneShapeSchema.safeParse({ kind: 'circle', r: 1 }).success).toBe(false);
  });

  it('are optional on a zone: absent or null mean not drawn yet', () => {
    expect(zoneCreateBodySchema.parse({ floorId: 1, name: 'Z', type: 'office' }).shape).toBeNull();
    expect(
      zoneCreateBodySchema.parse({ floorId: 1, name: 'Z', type: 'office', shape: null }).shape,
    ).toBeNull();
  });
});
