import { describe, expect, it } from 'vitest';
import { meterNodeCreateBodySchema, meterTreeIssues, meterTreeSchema } from './meter-tree.js';

const node = (
  id: number,
  parentId: number | null,
  extra: Partial<Parameters<typeof meterTreeIssues>[0][number]> = {},
) => ({
  id,
  parentId,
  channels: [],
  terms: [],
  ...extra,
});
const messages = (nodes: Parameters<typeof meterTreeIssues>[0]) =>
  meterTreeIssues(nodes).map((i) => i.message);

describe('the meter tree checks', () => {
  it('accepts a tree with a tenant unit = floor − common areas', () => {
    const tree = [
      node(1, null),
      node(2, 1, { channels: [10] }),
      node(3, 2, { terms: [{ sign: 1, nodeId: null, deviceId: 11 }] }),
      node(4, 2, {
        terms: [
          { sign: 1, nodeId: 2, deviceId: null },
          { sign: -1, nodeId: 3, deviceId: null },
        ],
      }),
    ];
    expect(messages(tree)).toEqual([]);
    expect(meterTreeSchema.safeParse(tree).success).toBe(true);
  });

  it('finds a parent cycle, a channel measuring two nodes and an unknown parent', () => {
    expect(messages([node(1, 2), node(2, 1)])).toEqual(['treeCycle', 'treeCycle']);
    expect(messages([node(1, null, { channels: [5] }), node(2, 1, { channels: [5] })])).toEqual([
      'channelTaken',
    ]);
    expect(messages([node(1, 9)])).toEqual(['invalid']);
  });

  it('finds a virtual meter depending on itself, directly, through terms or through a sum of sub-nodes', () => {
    expect(messages([node(1, null, { terms: [{ sign: 1, nodeId: 1, deviceId: null }] })])).toEqual([
      'virtualCycle',
    ]);
    const viaTerms = [
      node(1, null, { terms: [{ sign: 1, nodeId: 2, deviceId: null }] }),
      node(2, null, { terms: [{ sign: -1, nodeId: 1, deviceId: null }] }),
    ];
    expect(messages(viaTerms)).toEqual(['virtualCycle', 'virtualCycle']);
    // Node 1 has no meter: it is its children's sum, and its child 2 refers to it.
    const viaChildren = [node(1, null), node(2, 1, { terms: [{ sign: 1, nodeId: 1, deviceId: null }] })];
    expect(messages(viaChildren)).toEqual(['virtualCycle']);
  });

  it("checks one node's body", () => {
    const issues = (body: object) =>
      meterNodeCreateBodySchema
        .safeParse({ projectId: 1, kind: 'zone', name: 'x', ...body })
        .error?.issues.map((i) => i.message);
    expect(issues({ areaM2: 0 })).toEqual(['areaRange']);
    expect(issues({ areaM2: 10_000_001 })).toEqual(['areaRange']);
    expect(issues({ channels: [1, 1] })).toEqual(['channelTaken']);
    expect(issues({ channels: [1], terms: [{ sign: 1, deviceId: 2 }] })).toEqual(['meteredOrVirtual']);
    expect(issues({ terms: [{ sign: 1 }] })).toEqual(['termTarget']);
    expect(issues({ terms: [{ sign: 1, nodeId: 2, deviceId: 3 }] })).toEqual(['termTarget']);
    expect(issues({ terms: [{ sign: 2, nodeId: 2 }] })).toEqual(['invalid']);
    expect(issues({ areaM2: 120, channels: [1, 2] })).toBeUndefined();
  });
});
