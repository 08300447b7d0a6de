import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, VALIDATION_MESSAGES } from './validation.js';
import { FIELD_LABEL_AREAS } from './validation/fields.js';

describe('validation catalogue', () => {
  it('defines each field label key in one area only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, labels] of Object.entries(FIELD_LABEL_AREAS)) {
      for (const key of Object.keys(labels.en)) {
        const first = seen.get(key);
        if (first) twice.push(`${key} (${first}, ${area})`);
        else seen.set(key, area);
      }
    }
    expect(twice).toEqual([]);
    expect(seen.size).toBe(Object.keys(FIELD_LABELS.en).length);
  });

  it('has every field label and message in both languages', () => {
    expect(Object.keys(FIELD_LABELS.zh).sort()).toEqual(Object.keys(FIELD_LABELS.en).sort());
    expect(Object.keys(VALIDATION_MESSAGES.zh).sort()).toEqual(Object.keys(VALIDATION_MESSAGES.en).sort());
    for (const text of [...Object.values(FIELD_LABELS.zh), ...Object.values(VALIDATION_MESSAGES.zh)]) {
      expect(text).toMatch(/\S/);
    }
  });
});

/** The field names of a zod schema's objects, however deep (arrays, unions, wrappers, pipes). */
function fieldNames(schema: unknown, into = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | null)?._zod?.def;
  if (!def || seen.has(schema)) return into;
  seen.add(schema);
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
      into.add(key);
      fieldNames(field, into, seen);
    }
  }
  for (const key of ['innerType', 'element', 'in', 'out', 'valueType', 'left', 'right'])
    fieldNames(def[key], into, seen);
  for (const option of (def.options as unknown[] | undefined) ?? []) fieldNames(option, into, seen);
  return into;
}

describe('field labels of the requests', () => {
  it('has a label for every field of every request schema, so no message shows a raw field name', async () => {
    const shared: Record<string, unknown> = await import('../index.js');
    const labels: Record<string, string> = FIELD_LABELS.en;
    const unlabelled = Object.entries(shared)
      .filter(([name]) => /(Body|Query|Params)Schema$/.test(name))
      .flatMap(([name, schema]) =>
        [...fieldNames(schema)].filter((f) => !labels[f]).map((f) => `${name}.${f}`),
      );
    expect(unlabelled).toEqual([]);
  });
});
