import { polygonShapeSchema, rectShapeSchema, type ZoneShape } from '@sbuilding/shared';
import { formatPoints, parsePoints } from './plan-geometry';

export type ShapeKind = 'none' | 'rect' | 'polygon';
export type ShapeField = 'x' | 'y' | 'w' | 'h' | 'points';
const RECT_FIELDS = ['x', 'y', 'w', 'h'] as const;

/** The shape fields of the zone form: the accessible alternative to drawing. */
export interface ShapeValues {
  shapeKind: ShapeKind;
  x?: number | null;
  y?: number | null;
  w?: number | null;
  h?: number | null;
  points?: string;
}

export function shapeToValues(shape: ZoneShape | null): ShapeValues {
  if (!shape) return { shapeKind: 'none', points: '' };
  if (shape.kind === 'rect')
    return { shapeKind: 'rect', x: shape.x, y: shape.y, w: shape.w, h: shape.h, points: '' };
  return { shapeKind: 'polygon', points: formatPoints(shape.points) };
}

/** The form's numbers as a shape the shared schema accepts; `error` names the field that is wrong. */
export function valuesToShape(
  values: ShapeValues,
): { shape: ZoneShape | null } | { error: { field: ShapeField; message: string } } {
  if (values.shapeKind === 'none') return { shape: null };
  if (values.shapeKind === 'rect') {
    const parsed = rectShapeSchema.safeParse({
      kind: 'rect',
      x: values.x,
      y: values.y,
      w: values.w,
      h: values.h,
    });
    if (parsed.success) return { shape: parsed.data };
    const issue = parsed.error.issues[0];
    const field = RECT_FIELDS.find((f) => f === issue?.path[0]) ?? 'x';
    return { error: { field, message: issue?.message ?? 'invalid' } };
  }
  const points = parsePoints(values.points ?? '');
  if (!points) return { error: { field: 'points', message: 'invalid' } };
  const parsed = polygonShapeSchema.safeParse({ kind: 'polygon', points });
  if (parsed.success) return { shape: parsed.data };
  return { error: { field: 'points', message: parsed.error.issues[0]?.message ?? 'invalid' } };
}
