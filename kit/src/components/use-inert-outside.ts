// While a popup that traps focus is open (the Select's list), everything outside it is made
// `inert`. Radix only marks the rest of the page aria-hidden and traps Tab by script, which leaves
// focusable controls inside an aria-hidden tree (WCAG 4.1.2, axe "aria-hidden-focus"); `inert`
// takes them out of the tab order and the accessibility tree together.
import { useEffect } from 'react';

/** Makes the siblings of `node` and of each of its ancestors up to <body> inert until unmounted. */
export function useInertOutside(node: HTMLElement | null): void {
  useEffect(() => {
    if (!node) return;
    const madeInert: Element[] = [];
    for (let inside: Element = node; inside.parentElement; inside = inside.parentElement) {
      for (const sibling of Array.from(inside.parentElement.children)) {
        // Radix's focus guards keep its focus trap working; they stay reachable.
        if (
          sibling === inside ||
          sibling.hasAttribute('inert') ||
          sibling.hasAttribute('data-radix-focus-guard')
        )
          continue;
        if (sibling instanceof HTMLScriptElement || sibling instanceof HTMLStyleElement) continue;
        sibling.setAttribute('inert', '');
        madeInert.push(sibling);
      }
      if (inside.parentElement === document.body) break;
    }
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
    };
  }, [node]);
}
