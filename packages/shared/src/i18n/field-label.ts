import { z } from 'zod';
import type { FieldKey } from './validation.js';

/**
 * Labels that a field's name alone does not give: the catalogue is keyed by the field's name (`from`,
 * `operator`), but one name can mean different things in different forms (a notification's `from` is its
 * sender's address, the scene week's `from` its first day). A schema names its field's label with
 * `labelled(schema, key)`; messages then use that label wherever the field fails. A registry of its own, so
 * the OpenAPI document (generated from the global registry's metadata) does not change.
 */
export const fieldLabelRegistry = z.registry<{ label: FieldKey }>();

/** A copy of `schema` whose validation messages name the field `label` (a key of the field catalogue). */
export function labelled<S extends z.ZodType>(schema: S, label: FieldKey): S {
  const copy = schema.clone();
  fieldLabelRegistry.add(copy, { label });
  return copy;
}

/** A schema's definition entry `key`, when it holds a schema. */
function defSchema(schema: z.ZodType, key: string): z.ZodType | undefined {
  const def: object = schema._zod.def;
  const value: unknown = Reflect.get(def, key);
  return value instanceof z.ZodType ? value : undefined;
}

function lazyInner(schema: z.ZodLazy): z.ZodType | undefined {
  const inner: unknown = schema.unwrap();
  return inner instanceof z.ZodType ? inner : undefined;
}

/** The schema and the wrappers around it (optional, default, pipe's input, lazy…), outermost first. */
function unwrapped(schema: z.ZodType, depth = 0): z.ZodType[] {
  if (depth > 16) return [schema];
  const inner =
    defSchema(schema, 'innerType') ??
    (schema instanceof z.ZodPipe ? defSchema(schema, 'in') : undefined) ??
    (schema instanceof z.ZodLazy ? lazyInner(schema) : undefined);
  return inner ? [schema, ...unwrapped(inner, depth + 1)] : [schema];
}

function child(schema: z.ZodType, segment: string): z.ZodType[] {
  const found: z.ZodType[] = [];
  for (const layer of unwrapped(schema)) {
    if (layer instanceof z.ZodObject) {
      const shape: Record<string, unknown> = layer.shape;
      const field = shape[segment];
      if (field instanceof z.ZodType) found.push(field);
    }
    if (layer instanceof z.ZodArray && /^\d+$/.test(segment)) {
      const element: unknown = layer.element;
      if (element instanceof z.ZodType) found.push(element);
    }
    if (layer instanceof z.ZodRecord) {
      const value = defSchema(layer, 'valueType');
      if (value) found.push(value);
    }
    if (layer instanceof z.ZodUnion) {
      const options: readonly unknown[] = layer.options;
      for (const option of options) if (option instanceof z.ZodType) found.push(...child(option, segment));
    }
    if (layer instanceof z.ZodIntersection) {
      for (const side of [defSchema(layer, 'left'), defSchema(layer, 'right')])
        if (side) found.push(...child(side, segment));
    }
  }
  return found;
}

/**
 * The label a schema gives the field at `path` (`labelled`), or undefined: then the field's own name is
 * looked up in the catalogue. Follows objects, arrays, records, unions and the usual wrappers.
 */
export function schemaFieldLabel(
  schema: z.ZodType | undefined,
  path: readonly string[],
): FieldKey | undefined {
  if (!schema) return undefined;
  let level: z.ZodType[] = [schema];
  for (const segment of path) {
    level = level.flatMap((s) => child(s, segment));
    if (level.length === 0) return undefined;
  }
  for (const candidate of level) {
    for (const layer of unwrapped(candidate)) {
      const meta = fieldLabelRegistry.get(layer);
      if (meta) return meta.label;
    }
  }
  return undefined;
}
