/**
 * The page's CSP nonce: the server writes it into `<meta name="csp-nonce">` of index.html, and
 * Emotion signs the <style> tags it creates with it (the policy allows no other inline style).
 * Undefined where there is no such page (Storybook, dev servers, tests).
 */
export function cspNonce(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): string | undefined {
  const content = doc?.querySelector('meta[name="csp-nonce"]')?.getAttribute('content');
  return content || undefined;
}
