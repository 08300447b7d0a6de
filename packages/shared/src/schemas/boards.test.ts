import { describe, expect, it } from 'vitest';
import { acBoardQuerySchema, lightBoardQuerySchema, supportsAutoMode } from './boards.js';

describe('board schemas', () => {
  it('reads auto mode support from the catalogue: ac20 refuses auto', () => {
    expect(supportsAutoMode('ac20')).toBe(false);
    // A model without setWorkMode has no modes at all.
    expect(supportsAutoMode('s2')).toBe(false);
  });

  it('reads the queries as the console sends them (numbers as text, empty building skipped)', () => {
    expect(lightBoardQuerySchema.parse({ buildingId: '4' })).toEqual({ buildingId: 4 });
    expect(lightBoardQuerySchema.safeParse({}).success).toBe(false);
    expect(acBoardQuerySchema.parse({ projectId: '2', buildingId: '' })).toEqual({
      projectId: 2,
      buildingId: undefined,
    });
    expect(acBoardQuerySchema.parse({ projectId: 2, buildingId: '7' })).toEqual({
      projectId: 2,
      buildingId: 7,
    });
  });
});
