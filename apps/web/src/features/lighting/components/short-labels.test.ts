import { describe, expect, it } from 'vitest';
import { shortLabels } from './short-labels';

describe('shortLabels', () => {
  it('tells four corridor lights apart by what differs, not by their common start', () => {
    const labels = [
      'A-F1 corridor light 1',
      'A-F1 corridor light 2',
      'A-F1 corridor light 3',
      'A-F1 corridor light 4',
    ];
    expect(shortLabels(labels)).toEqual(['…light 1', '…light 2', '…light 3', '…light 4']);
  });

  it('keeps labels that fit, and shortens room lights by their distinct words', () => {
    expect(shortLabels(['L-A101', 'Office 101 light', 'Office 102 light', 'Meeting room light'])).toEqual([
      'L-A101',
      '…101 light',
      '…102 light',
      '…room light',
    ]);
  });

  it('falls back to the first words, then to the start, when the end is shared', () => {
    expect(shortLabels(['Office 101 corridor-side light', 'Office 102 corridor-side light'])).toEqual([
      'Office 101…',
      'Office 102…',
    ]);
    expect(shortLabels(['Conferencehall east', 'Conferencehall west'])).toEqual(['…east', '…west']);
    expect(shortLabels(['Extraordinarilylongname'])).toEqual(['Extraordina…']);
  });

  it('gives every label of a busy floor its own short form', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `B-F2 corridor light ${i + 1}`);
    const short = shortLabels(labels);
    expect(new Set(short).size).toBe(labels.length);
    for (const s of short) expect(s.length).toBeLessThanOrEqual(12);
  });
});
