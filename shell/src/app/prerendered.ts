// Public pages arrive as HTML rendered at build time (mfe-account/prerender/): the server puts it
// in <div id="prerendered"> and hides #root. The live app replaces it once the route's screen (or
// an error card) has rendered, so the visitor never sees a blank page or a spinner in between.
export const PRERENDERED_ID = 'prerendered';

/** Marks an uncontrolled input whose typed value moves from the prerendered page to the live one. */
export const CARRY_OVER_ATTRIBUTE = 'data-carry-over';

let heldSubmit: string | null = null;

/** A pressed button: what it says, and which of the buttons saying so it was. */
interface HeldPress {
  label: string;
  nth: number;
}
let heldPresses: HeldPress[] = [];

const labelOf = (button: HTMLButtonElement) =>
  (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
const buttonsSaying = (scope: ParentNode, label: string) =>
  [...scope.querySelectorAll<HTMLButtonElement>('button')].filter((button) => labelOf(button) === label);

/**
 * Until the live app is there, the prerendered page has no handlers: a form's submit would reload
 * the page with the fields in the address, and a button (the phone menu's toggle, an FAQ
 * question) would do nothing on a phone still loading the app. Hold them instead, the submit by
 * its form's id and each press by the button's label, and repeat them in the live page on reveal.
 * Call once, as early as possible.
 */
export function holdPrerenderedActions(doc: Document = document): void {
  const prerendered = doc.getElementById(PRERENDERED_ID);
  prerendered?.addEventListener('submit', (event) => {
    event.preventDefault();
    heldSubmit = (event.target as HTMLFormElement).id || null;
  });
  prerendered?.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    // A submit button's press is its form's submit, held above.
    if (!button || button.type === 'submit') return;
    heldPresses.push(pressOf(prerendered, button));
  });
}

function pressOf(scope: ParentNode, button: HTMLButtonElement): HeldPress {
  const label = labelOf(button);
  return { label, nth: buttonsSaying(scope, label).indexOf(button) };
}

/**
 * Shows the live app and drops the build-time HTML. What the visitor already typed into marked
 * fields, the field or button they were in, the buttons they pressed and a submit they made are
 * carried over. Idempotent; a no-op on pages without it.
 */
export function revealApp(doc: Document = document): void {
  const prerendered = doc.getElementById(PRERENDERED_ID);
  if (!prerendered) return;
  const focused = prerendered.contains(doc.activeElement) ? doc.activeElement : null;
  // A button by what it says (ids of generated widgets differ between the two pages), a field by id.
  const focusedPress =
    focused?.tagName === 'BUTTON' ? pressOf(prerendered, focused as HTMLButtonElement) : undefined;
  const focusedId = focusedPress ? undefined : focused?.id;
  for (const typed of prerendered.querySelectorAll<HTMLInputElement>(`input[${CARRY_OVER_ATTRIBUTE}][id]`)) {
    const live = doc.querySelector<HTMLInputElement>(`#root #${CSS.escape(typed.id)}`);
    if (live && typed.value && !live.value) live.value = typed.value;
  }
  doc.getElementById('root')?.removeAttribute('hidden');
  prerendered.remove();
  if (focusedId) doc.querySelector<HTMLElement>(`#root #${CSS.escape(focusedId)}`)?.focus();
  // Every live button found before any is pressed: a toggle pressed twice changes its label.
  const root = doc.getElementById('root');
  const live = ({ label, nth }: HeldPress) => (root ? buttonsSaying(root, label)[nth] : undefined);
  const presses = heldPresses.map(live);
  const focusedButton = focusedPress && live(focusedPress);
  heldPresses = [];
  for (const button of presses) button?.click();
  focusedButton?.focus();
  const held = heldSubmit;
  heldSubmit = null;
  if (held) doc.querySelector<HTMLFormElement>(`#root form#${CSS.escape(held)}`)?.requestSubmit();
}
