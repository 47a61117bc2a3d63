import { cspNonce } from './csp-nonce';

const page = (content: string | null) => ({
  querySelector: (selector: string) =>
    selector === 'meta[name="csp-nonce"]' && content !== null
      ? ({ getAttribute: (name: string) => (name === 'content' ? content : null) } as unknown as Element)
      : null,
});

describe('cspNonce', () => {
  it("reads the nonce the server wrote into the page's meta tag", () => {
    expect(cspNonce(page('bm9uY2U='))).toBe('bm9uY2U=');
  });

  it('is undefined without the tag, with an empty one, or without a document', () => {
    expect(cspNonce(page(null))).toBeUndefined();
    expect(cspNonce(page(''))).toBeUndefined();
    expect(cspNonce(undefined)).toBeUndefined();
  });
});
