import { QR_TEXTS } from '../texts';
import { conversionLabel } from './conversion';

describe('conversion label', () => {
  it('shows the rate in percent when visitors were counted', () => {
    expect(conversionLabel(33.33, 3)).toEqual({ text: '33.33%' });
    expect(conversionLabel(0, 5)).toEqual({ text: '0%' });
  });

  it('shows "–" with an explanation, not "0%", when there were signups but no counted visitors', () => {
    expect(conversionLabel(0, 0)).toEqual({ text: '–', title: QR_TEXTS.conversionNotMeasured });
  });
});
