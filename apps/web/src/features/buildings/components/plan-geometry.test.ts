import { describe, expect, it } from 'vitest';
import type { ViewBox, ZoneShape } from '@sbuilding/shared';
import { addPoint, parsePoints, rectFromDrag, shapeCentre } from './plan-geometry';
import { toPlanPoint, viewBoxOfImage } from '@/components/plan-units';
import { shapeToValues, valuesToShape } from './zone-shape';

const PLAN: ViewBox = [0, 0, 1000, 600];
const BOX = { left: 100, top: 50, width: 500, height: 300 };

describe('plan coordinates', () => {
  it('maps a pointer position on the overlay to plan units, whatever size the plan is shown at', () => {
    expect(toPlanPoint({ x: 100, y: 50 }, BOX, PLAN)).toEqual([0, 0]);
    expect(toPlanPoint({ x: 350, y: 200 }, BOX, PLAN)).toEqual([500, 300]);
    expect(toPlanPoint({ x: 600, y: 350 }, BOX, [-20, 10, 1000, 600])).toEqual([980, 610]);
  });

  it('keeps a drag that leaves the plan on its edge', () => {
    expect(toPlanPoint({ x: 0, y: 1000 }, BOX, PLAN)).toEqual([0, 600]);
  });

  it('makes a rectangle of a drag in any direction and ignores a click without a drag', () => {
    expect(rectFromDrag([400, 300], [100, 100], PLAN)).toEqual({
      kind: 'rect',
      x: 100,
      y: 100,
      w: 300,
      h: 200,
    });
    expect(rectFromDrag([100, 100], [102, 300], PLAN)).toBeNull();
  });

  it('does not repeat a corner for the clicks of a double-click', () => {
    const one = addPoint([], [10, 10], PLAN);
    expect(addPoint(one, [11, 10], PLAN)).toEqual([[10, 10]]);
    expect(addPoint(one, [100, 10], PLAN)).toEqual([
      [10, 10],
      [100, 10],
    ]);
  });

  it('labels a zone in the middle of its bounds', () => {
    expect(shapeCentre({ kind: 'rect', x: 10, y: 20, w: 100, h: 40 })).toEqual([60, 40]);
    expect(
      shapeCentre({
        kind: 'polygon',
        points: [
          [0, 0],
          [100, 0],
          [50, 80],
        ],
      }),
    ).toEqual([50, 40]);
  });

  it("takes a picture's natural size as the view box only when it has one", () => {
    expect(viewBoxOfImage(800, 400)).toEqual([0, 0, 800, 400]);
    expect(viewBoxOfImage(0, 0)).toBeNull();
  });
});

describe('shapes typed into the zone form', () => {
  it('reads corners one per line or separated by semicolons', () => {
    expect(parsePoints('0, 0\n100 0; 50,80')).toEqual([
      [0, 0],
      [100, 0],
      [50, 80],
    ]);
    expect(parsePoints('0, 0\n100')).toBeNull();
    expect(parsePoints('a, b')).toBeNull();
  });

  it('turns the numbers into the shape the server accepts, and back', () => {
    const rect = { kind: 'rect', x: 1, y: 2, w: 3, h: 4 } as const;
    expect(valuesToShape(shapeToValues(rect))).toEqual({ shape: rect });
    const polygon: ZoneShape = {
      kind: 'polygon',
      points: [
        [0, 0],
        [10, 0],
        [5, 5],
      ],
    };
    expect(valuesToShape(shapeToValues(polygon))).toEqual({ shape: polygon });
    expect(valuesToShape({ shapeKind: 'none' })).toEqual({ shape: null });
  });

  it('names the wrong field with the shared rule: a flat rectangle, a two-corner polygon', () => {
    expect(valuesToShape({ shapeKind: 'rect', x: 0, y: 0, w: 10, h: 0 })).toEqual({
      error: { field: 'h', message: 'invalid' },
    });
    expect(valuesToShape({ shapeKind: 'polygon', points: '0,0\n1,1' })).toEqual({
      error: { field: 'points', message: 'polygonPoints' },
    });
    expect(valuesToShape({ shapeKind: 'polygon', points: '0,0\n1' })).toEqual({
      error: { field: 'points', message: 'invalid' },
    });
  });
});
