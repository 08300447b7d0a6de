import { describe, expect, it } from 'vitest';
import { THEME } from '@sbuilding/shared';
import { contrastRatio, readableOnWhiteText } from './contrast';

describe('theme colour contrast', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
  });

  it('shades every preset and the startup colour until white text passes AA, and keeps dark ones as they are', () => {
    for (const color of [THEME.startupColor, ...THEME.presets]) {
      expect(contrastRatio(readableOnWhiteText(color), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableOnWhiteText('#212121')).toBe('#212121');
    expect(readableOnWhiteText('#0082ff')).not.toBe('#0082ff');
  });

  it('leaves a value it cannot read untouched', () => {
    expect(readableOnWhiteText('tomato')).toBe('tomato');
  });
});
