import { ApiError } from '@studio/kit';
import { splitMessage, startErrorText } from './tool-request';

describe('tool start messages (spec 02 §8)', () => {
  it('splits the spec\'s "Title: body" and "Title. body" texts into a toast', () => {
    expect(splitMessage('Prompt Required: Please enter a prompt for your image.')).toEqual({
      title: 'Prompt Required',
      description: 'Please enter a prompt for your image.',
    });
    expect(
      splitMessage(
        'Not Enough Credits. You need 6 credits to edit an image. Please purchase more credits to continue.',
      ),
    ).toEqual({
      title: 'Not Enough Credits',
      description: 'You need 6 credits to edit an image. Please purchase more credits to continue.',
    });
    expect(splitMessage('Failed to generate coloring page')).toEqual({
      title: 'Error',
      description: 'Failed to generate coloring page',
    });
  });

  it("maps INSUFFICIENT_CREDITS (402) to each tool's own wording, else the server's message, else the fallback", () => {
    expect(startErrorText('image-v2', new ApiError(402, 'INSUFFICIENT_CREDITS'), 'Generation Failed')).toBe(
      "Insufficient Credits. You don't have enough credits to generate an image. Each image requires 6 credits. Please upgrade your plan.",
    );
    expect(startErrorText('image-edit', new ApiError(402, 'x'), 'Edit Failed')).toBe(
      'Not Enough Credits. You need 6 credits to edit an image. Please purchase more credits to continue.',
    );
    expect(
      startErrorText(
        'image-edit',
        new ApiError(400, 'File Too Large: Please select an image smaller than 10MB'),
        'x',
      ),
    ).toBe('File Too Large: Please select an image smaller than 10MB');
    expect(startErrorText('image-v2', new ApiError(500, 'boom'), 'Generation Failed')).toBe(
      'Generation Failed',
    );
    expect(startErrorText('image-v2', new TypeError('network'), 'Generation Failed')).toBe(
      'Generation Failed',
    );
  });
});
