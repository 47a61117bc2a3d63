import { ApiError } from '@studio/kit';
import { serverMessage } from './api';

describe('My Books generate failure text (docs/product/creation-tools-qr.md (Messages))', () => {
  it("is the server's message", () => {
    expect(serverMessage(new ApiError(500, 'Writer unavailable'), 'fallback')).toBe('Writer unavailable');
  });

  it('falls back when there is no message (an empty or message-less JSON body, a network error)', () => {
    expect(serverMessage(new ApiError(500, '{}'), 'Failed to generate book. Please try again.')).toBe(
      'Failed to generate book. Please try again.',
    );
    expect(serverMessage(new ApiError(500, ''), 'fb')).toBe('fb');
    expect(serverMessage(new TypeError('Failed to fetch'), 'fb')).toBe('fb');
  });
});
