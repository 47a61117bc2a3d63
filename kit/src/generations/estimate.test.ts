import { estimateText, NO_ESTIMATE, usualTime } from './estimate';

describe('the time estimate from measured durations', () => {
  it('says nothing it cannot back when no job of the tool has finished', () => {
    expect(estimateText(undefined)).toBe(NO_ESTIMATE);
    expect(estimateText({ medianSeconds: null, samples: 0 })).toBe(NO_ESTIMATE);
    expect(usualTime({ medianSeconds: null, samples: 0 })).toBeNull();
  });

  it('speaks in the unit that fits the median', () => {
    expect(estimateText({ medianSeconds: 8, samples: 3 })).toBe('It is usually ready in under a minute.');
    expect(estimateText({ medianSeconds: 70, samples: 3 })).toBe('It is usually ready in about 1 minute.');
    expect(estimateText({ medianSeconds: 1000, samples: 3 })).toBe(
      'It is usually ready in about 17 minutes.',
    );
    expect(estimateText({ medianSeconds: 3 * 3600, samples: 3 })).toBe(
      'It is usually ready in about 3 hours.',
    );
    expect(usualTime({ medianSeconds: 150, samples: 5 })).toBe('about 3 minutes');
  });
});
