import { fieldStyles } from '../components/field-styles';
import { contrastRatio } from './contrast';
import { theme } from './theme';

describe('contrast of the parts a user must see (WCAG 1.4.11: 3:1)', () => {
  it('measures like WCAG', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#e3e2ec', '#ffffff')).toBeLessThan(1.3); // the old input border
  });

  it('input borders reach 3:1 on white and on the page background', () => {
    const border = String(fieldStyles.border);
    const colour = /#[0-9a-f]{6}/i.exec(border)?.[0] ?? '';
    expect(contrastRatio(colour, theme.colors.surface)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(colour, theme.colors.background)).toBeGreaterThanOrEqual(3);
  });
});
