import { describe, expect, it } from 'vitest';
import { THEME } from '@sbuilding/shared';
import { TAG_COLOURS } from '../providers';
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

  it("writes every preset tag's word in a colour that reaches AA on the tag's own light tint", () => {
    // antd's tints (each palette's colour 1), behind the tags' words.
    const tints: Record<string, string> = {
      green7: '#f6ffed',
      gold7: '#fffbe6',
      orange7: '#fff7e6',
      cyan7: '#e6fffb',
      lime7: '#fcffe6',
      volcano7: '#fff2e8',
      yellow7: '#feffe6',
    };
    for (const [token, tint] of Object.entries(tints)) {
      const colour: string = TAG_COLOURS[token as keyof typeof TAG_COLOURS];
      expect(contrastRatio(colour, tint), token).toBeGreaterThanOrEqual(4.5);
    }
  });
});
