// Public pages arrive as HTML rendered at build time (mfe-account/prerender/): the server puts it
// in <div id="prerendered"> and hides #root. The live app replaces it once the route's screen (or
// an error card) has rendered, so the visitor never sees a blank page or a spinner in between.
export const PRERENDERED_ID = 'prerendered';

let heldSubmit: string | null = null;

/**
 * A control of one page found again in the other: a button by what it says, a field by its name,
 * and which of the controls saying so (or so named) it is. Ids would not do: the generated ids of
 * widgets differ between the build-time HTML and the live page.
 */
interface ControlKey {
  selector: 'button' | 'input, textarea';
  key: string;
  nth: number;
}
let heldPresses: ControlKey[] = [];

const keyOf = (control: Element): string =>
  control.tagName === 'BUTTON'
    ? (control.getAttribute('aria-label') ?? control.textContent ?? '').trim()
    : (control.getAttribute('name') ?? '');
const controlsLike = (scope: ParentNode, selector: ControlKey['selector'], key: string) =>
  [...scope.querySelectorAll<HTMLElement>(selector)].filter((control) => keyOf(control) === key);

function controlKey(scope: ParentNode, control: Element): ControlKey | undefined {
  const selector = control.tagName === 'BUTTON' ? 'button' : 'input, textarea';
  const key = keyOf(control);
  if (!key) return undefined;
  return { selector, key, nth: controlsLike(scope, selector, key).indexOf(control as HTMLElement) };
}

/** Text the visitor typed: not a box, a choice or a hidden value, and changed from the page's own. */
function typedInto(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'hidden', 'file'].includes(field.type))
    return false;
  return field.value !== '' && field.value !== field.defaultValue;
}

/**
 * Until the live app is there, the prerendered page has no handlers: a form's submit would reload
 * the page with the fields in the address, and a button (the phone menu's toggle, an FAQ
 * question, a tab) would do nothing on a phone still loading the app. Hold them instead, the
 * submit by its form's id and each press by the button's label, and repeat them in the live page
 * on reveal. Call once, as early as possible.
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
    const press = controlKey(prerendered, button);
    if (press) heldPresses.push(press);
  });
}

/**
 * Shows the live app and drops the build-time HTML. What the visitor already typed (into the live
 * field of the same name, through its input event so a form's state has it too), the field or
 * button they were in, the buttons they pressed and a submit they made are carried over.
 * Idempotent; a no-op on pages without it.
 */
export function revealApp(doc: Document = document): void {
  const prerendered = doc.getElementById(PRERENDERED_ID);
  const root = doc.getElementById('root');
  if (!prerendered || !root) return;
  const live = ({ selector, key, nth }: ControlKey) => controlsLike(root, selector, key)[nth];
  const focused = prerendered.contains(doc.activeElement) ? doc.activeElement : null;
  const focusedKey = focused && controlKey(prerendered, focused);
  const focusedId = focusedKey ? undefined : focused?.id;
  const typed = [...prerendered.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    .filter(typedInto)
    .map((field) => ({ key: controlKey(prerendered, field), value: field.value }));
  root.removeAttribute('hidden');
  prerendered.remove();
  for (const { key, value } of typed) {
    const field = key && (live(key) as HTMLInputElement | HTMLTextAreaElement | undefined);
    if (!field || field.value) continue;
    // The prototype's setter, so that React sees a change when the input event arrives.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (focusedId) root.querySelector<HTMLElement>(`#${CSS.escape(focusedId)}`)?.focus();
  // Every live button found before any is pressed: a toggle pressed twice changes its label.
  const presses = heldPresses.map(live);
  const focusedControl = focusedKey && live(focusedKey);
  heldPresses = [];
  for (const button of presses) button?.click();
  focusedControl?.focus();
  const held = heldSubmit;
  heldSubmit = null;
  if (held) root.querySelector<HTMLFormElement>(`form#${CSS.escape(held)}`)?.requestSubmit();
}
