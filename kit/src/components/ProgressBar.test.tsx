import { renderToString } from 'react-dom/server';
import { contrastRatio } from '../theme/contrast';
import { theme } from '../theme/theme';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('draws its track edge in a colour with 3:1 against the tinted credits card', () => {
    const html = renderToString(<ProgressBar value={40} label="Credits remaining" />);
    const edge = /inset 0 0 0 1px (#[0-9a-f]{6})/i.exec(html)?.[1];
    expect(edge).toBeDefined();
    expect(contrastRatio(edge!, theme.colors.surfaceMuted)).toBeGreaterThanOrEqual(3);
  });
});
