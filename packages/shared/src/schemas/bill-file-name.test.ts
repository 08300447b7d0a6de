import { describe, expect, it } from 'vitest';
import { billFileName, billPlaceNames, sanitizeFilePart } from './bill-file-name.js';
import type { BillNodes } from './energy-billing.js';

const nodes: BillNodes = [
  { level: 'building', id: 1, name: 'Building A', parentId: null, metered: true },
  { level: 'floor', id: 2, name: '1st floor', parentId: 1, metered: true },
  { level: 'zone', id: 3, name: 'Room 101/102', parentId: 2, metered: false },
  { level: 'node', id: 4, name: 'Tenant A', parentId: null, metered: true },
];

describe('bill file names', () => {
  it("say which building a floor's and a zone's bill is of", () => {
    const name = (i: number) => {
      const node = nodes[i]!;
      return billFileName(node, billPlaceNames(node, nodes), '2026-11', 'pdf');
    };
    expect(name(0)).toBe('bill_Building-A_2026-11.pdf');
    expect(name(1)).toBe('bill_Building-A_1st-floor_2026-11.pdf');
    expect(name(2)).toBe('bill_Building-A_1st-floor_Room-101102_2026-11.pdf');
    expect(name(3)).toBe('bill_Tenant-A_2026-11.pdf');
  });

  it('are safe for file systems, and fall back to the level and id when nothing is left of a name', () => {
    expect(sanitizeFilePart(' ..a:b*c?"d<e>f|g\\h ')).toBe('abcdefgh');
    expect(billFileName({ level: 'floor', id: 9 }, ['/?*'], '2026-11', 'xlsx')).toBe(
      'bill_floor9_2026-11.xlsx',
    );
    expect(billFileName({ level: 'building', id: 1 }, ['A 座'], '2026-11', 'pdf')).toBe(
      'bill_A-座_2026-11.pdf',
    );
  });
});
