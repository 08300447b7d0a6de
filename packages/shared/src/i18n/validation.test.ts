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
