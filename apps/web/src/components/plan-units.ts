import type { ViewBox } from '@sbuilding/shared';

/** A position in a floor plan's SVG user units. */
export type Point = readonly [number, number];

/** Plan units are rounded to a tenth: finer than any plan's drawing, and short in forms. */
export function roundUnit(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * A pointer position in the plan's user units. The overlay fills a box with the plan's aspect ratio and
 * `preserveAspectRatio="none"`, so the mapping is linear in both axes.
 */
export function toPlanPoint(
  client: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
  viewBox: ViewBox,
): Point {
  const [minX, minY, width, height] = viewBox;
  const fx = box.width > 0 ? (client.x - box.left) / box.width : 0;
  const fy = box.height > 0 ? (client.y - box.top) / box.height : 0;
  const clamp = (f: number) => Math.min(1, Math.max(0, f));
  return [roundUnit(minX + clamp(fx) * width), roundUnit(minY + clamp(fy) * height)];
}

/** The view box of a plan known only by its picture's natural size. */
export function viewBoxOfImage(width: number, height: number): ViewBox | null {
  return width > 0 && height > 0 ? [0, 0, width, height] : null;
}

/** Keeps a point inside the plan (a keyboard move past the edge stops at it). */
export function clampToViewBox(point: Point, viewBox: ViewBox): Point {
  const [minX, minY, width, height] = viewBox;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return [roundUnit(clamp(point[0], minX, minX + width)), roundUnit(clamp(point[1], minY, minY + height))];
}
