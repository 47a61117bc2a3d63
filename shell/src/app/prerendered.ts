// Public pages arrive as HTML rendered at build time (mfe-account/prerender/): the server puts it
// in <div id="prerendered"> and hides #root. The live app replaces it once the route's screen (or
// an error card) has rendered, so the visitor never sees a blank page or a spinner in between.
export const PRERENDERED_ID = 'prerendered';

/** Marks an uncontrolled input whose typed value moves from the prerendered page to the live one. */
export const CARRY_OVER_ATTRIBUTE = 'data-carry-over';

let heldSubmit: string | null = null;

/**
 * Until the live app is there, a form of the prerendered page has no handler: its submit would
 * reload the page with the fields in the address. Hold it instead (by form id) and send it from
 * the live form on reveal. Call once, as early as possible.
 */
export function holdPrerenderedSubmits(doc: Document = document): void {
  doc.getElementById(PRERENDERED_ID)?.addEventListener('submit', (event) => {
    event.preventDefault();
    heldSubmit = (event.target as HTMLFormElement).id || null;
  });
}

/**
 * Shows the live app and drops the build-time HTML. What the visitor already typed into marked
 * fields, the field they were in and a submit they made are carried over. Idempotent; a no-op on
 * pages without it.
 */
export function revealApp(doc: Document = document): void {
  const prerendered = doc.getElementById(PRERENDERED_ID);
  if (!prerendered) return;
  const focusedId = prerendered.contains(doc.activeElement) ? doc.activeElement?.id : undefined;
  for (const typed of prerendered.querySelectorAll<HTMLInputElement>(`input[${CARRY_OVER_ATTRIBUTE}][id]`)) {
    const live = doc.querySelector<HTMLInputElement>(`#root #${CSS.escape(typed.id)}`);
    if (live && typed.value && !live.value) live.value = typed.value;
  }
  doc.getElementById('root')?.removeAttribute('hidden');
  prerendered.remove();
  if (focusedId) doc.querySelector<HTMLElement>(`#root #${CSS.escape(focusedId)}`)?.focus();
  const held = heldSubmit;
  heldSubmit = null;
  if (held) doc.querySelector<HTMLFormElement>(`#root form#${CSS.escape(held)}`)?.requestSubmit();
}
