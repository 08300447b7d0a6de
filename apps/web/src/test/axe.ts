import axe from 'axe-core';
import { vi } from 'vitest';

/** Violations axe rates serious or critical against WCAG 2.1 A and AA, as readable lines. */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  // jsdom has no canvas; axe only uses it for icon-font heuristics.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
