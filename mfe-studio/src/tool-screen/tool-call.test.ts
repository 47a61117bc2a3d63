import { failureText, isInsufficientCredits, splitMessage, ToolCallError, toolCallError } from './tool-call';

describe('tool call failures (docs/product/creation-tools-qr.md (Messages))', () => {
  it("shows the server's message", () => {
    const error = toolCallError(
      400,
      'Bad Request',
      JSON.stringify({ message: 'Title is taken', error: 'VALIDATION' }),
    );
    expect(failureText(error, 'fallback', true)).toBe('Title is taken');
    expect(error.code).toBe('VALIDATION');
  });

  it('names the flag that overrules a refusal, when the server offers one', () => {
    const advice = JSON.stringify({
      message: 'This photo is 480×640 pixels…',
      error: 'VALIDATION',
      field: 'characterImage',
      override: 'acceptSmallPhoto',
    });
    expect(toolCallError(400, 'Bad Request', advice).override).toBe('acceptSmallPhoto');
    expect(toolCallError(400, 'Bad Request', JSON.stringify({ message: 'No' })).override).toBeUndefined();
    expect(
      toolCallError(400, 'x', JSON.stringify({ message: 'No', override: '<b>' })).override,
    ).toBeUndefined();
  });

  it('a plain error text counts as the message, a code does not', () => {
    expect(failureText(toolCallError(500, 'x', JSON.stringify({ error: 'Model is down' })), 'fb')).toBe(
      'Model is down',
    );
    expect(failureText(toolCallError(500, 'x', JSON.stringify({ error: 'INTERNAL' })), 'fb')).toBe('fb');
  });

  it("a body that is not JSON gives 'Server error: {status} {statusText}' where the screen has it", () => {
    const error = toolCallError(502, 'Bad Gateway', '<html>proxy</html>');
    expect(failureText(error, 'Failed to submit', true)).toBe('Server error: 502 Bad Gateway');
    expect(failureText(error, 'Failed to submit')).toBe('Failed to submit');
  });

  it('JSON without a message, or a network failure, gives the fallback', () => {
    expect(failureText(toolCallError(500, 'Internal Server Error', '{}'), 'Failed to submit', true)).toBe(
      'Failed to submit',
    );
    expect(failureText(new TypeError('Failed to fetch'), 'Failed to submit', true)).toBe('Failed to submit');
  });

  it('recognises INSUFFICIENT_CREDITS', () => {
    const error = toolCallError(
      402,
      'Payment Required',
      JSON.stringify({ message: 'Not enough', error: 'INSUFFICIENT_CREDITS' }),
    );
    expect(isInsufficientCredits(error)).toBe(true);
    expect(isInsufficientCredits(new ToolCallError(402, '', undefined, 'TIER_REQUIRED', true))).toBe(false);
  });
});

describe('splitMessage', () => {
  it('splits the spec\'s "Title: body" and "Title. body" texts into a toast, else keeps the fallback title', () => {
    expect(splitMessage('Prompt Required: Please enter a prompt for your image.', 'Error')).toEqual({
      title: 'Prompt Required',
      body: 'Please enter a prompt for your image.',
    });
    expect(
      splitMessage(
        'Not Enough Credits. You need 6 credits to edit an image. Please purchase more credits to continue.',
        'Error',
      ),
    ).toEqual({
      title: 'Not Enough Credits',
      body: 'You need 6 credits to edit an image. Please purchase more credits to continue.',
    });
    expect(splitMessage('Failed to generate coloring page', 'Error')).toEqual({
      title: 'Error',
      body: 'Failed to generate coloring page',
    });
  });
});
