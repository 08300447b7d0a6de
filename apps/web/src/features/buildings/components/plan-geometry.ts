import type { ViewBox, ZoneShape } from '@sbuilding/shared';
import { roundUnit, type Point } from '@/components/plan-units';

export type { Point };

/** Shapes smaller than this share of the plan's width are slips of the mouse, not zones. */
const MIN_EXTENT_SHARE = 0.005;

/** The rectangle spanned by a drag, whichever way it went; null when too small to be meant. */
export function rectFromDrag(start: Point, end: Point, viewBox: ViewBox): ZoneShape | null {
  const min = viewBox[2] * MIN_EXTENT_SHARE;
  const w = roundUnit(Math.abs(end[0] - start[0]));
  const h = roundUnit(Math.abs(end[1] - start[1]));
  if (w < min || h < min || w <= 0 || h <= 0) return null;
  return { kind: 'rect', x: Math.min(start[0], end[0]), y: Math.min(start[1], end[1]), w, h };
}

/** Adds a clicked point unless it repeats the last one (the clicks of a double-click). */
export function addPoint(points: readonly Point[], point: Point, viewBox: ViewBox): Point[] {
  const last = points.at(-1);
  const near = viewBox[2] * MIN_EXTENT_SHARE;
  if (last && Math.abs(last[0] - point[0]) <= near && Math.abs(last[1] - point[1]) <= near) {
    return [...points];
  }
  return [...points, point];
}

/** The SVG `points` attribute of a polygon. */
export function pointsAttribute(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

/** Points as the form's text: one "x, y" pair per line. */
export function formatPoints(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y]) => `${x}, ${y}`).join('\n');
}

/**
 * The form's text back into points: pairs separated by new lines or semicolons, numbers by commas or
 * spaces. Null when a pair is not two numbers.
 */
export function parsePoints(text: string): [number, number][] | null {
  const pairs = text
    .split(/[\n;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const points: [number, number][] = [];
  for (const pair of pairs) {
    const numbers = pair
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const [x, y] = numbers;
    if (numbers.length !== 2 || x === undefined || y === undefined) return null;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
    points.push([x, y]);
  }
  return points;
}

/** Where a zone's label goes: the middle of its bounding box. */
export function shapeCentre(shape: ZoneShape): Point {
  if (shape.kind === 'rect') return [shape.x + shape.w / 2, shape.y + shape.h / 2];
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}
