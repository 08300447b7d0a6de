import { describe, expect, it } from 'vitest';
import { contrastRatio } from './layout/contrast';
import { themeFor } from './providers';

/** A black of some opacity as drawn over a grey background, as a hex colour. */
function blackOver(rgba: string, background: number): string {
  const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(rgba)?.[1] ?? 'NaN');
  const channel = Math.round(background * (1 - alpha))
    .toString(16)
    .padStart(2, '0');
  return `#${channel.repeat(3)}`;
}

describe('themeFor', () => {
  it("gives placeholders (a select's 'Choose') AA contrast on fields and on disabled fields", () => {
    const placeholder = String(themeFor('#0082ff', 'default').token?.colorTextPlaceholder);
    // White fields, and the #f5f5f5 of disabled ones.
    for (const background of [0xff, 0xf5]) {
      const drawn = blackOver(placeholder, background);
      const field = `#${background.toString(16).repeat(3)}`;
      expect(contrastRatio(drawn, field)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white labels readable on primary buttons at rest, hovered and pressed', () => {
    for (const theme of ['#0082ff', '#13c2c2', '#11a983']) {
      const { token } = themeFor(theme, 'default');
      for (const shade of [token?.colorPrimary, token?.colorPrimaryHover, token?.colorPrimaryActive]) {
        expect(contrastRatio(String(shade), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("turns antd's animations off when the system asks for reduced motion, and only then", () => {
    expect(themeFor('#0082ff', 'default', true).token?.motion).toBe(false);
    expect(themeFor('#0082ff', 'default').token?.motion).toBe(true);
  });
});
