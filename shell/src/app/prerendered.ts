// Public pages arrive as HTML rendered at build time (mfe-account/prerender/): the server puts it
// in <div id="prerendered"> and hides #root. The live app replaces it once the route's screen (or
// an error card) has rendered, so the visitor never sees a blank page or a spinner in between.
export const PRERENDERED_ID = 'prerendered';

/** Shows the live app and drops the build-time HTML. Idempotent; a no-op on pages without it. */
export function revealApp(doc: Document = document): void {
  const prerendered = doc.getElementById(PRERENDERED_ID);
  if (!prerendered) return;
  doc.getElementById('root')?.removeAttribute('hidden');
  prerendered.remove();
}
