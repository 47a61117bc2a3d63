// Where the toast region stands: at the bottom, unless there it would cover the button the user
// just pressed or a form's submit button on screen (a toast about a submit lands right over it
// on a phone); then at the top. A region that would cover one either way stays at the bottom.
import { type RefObject, useLayoutEffect, useState } from 'react';

export type ToastPlacement = 'top' | 'bottom';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The region (measured wherever it stands now) moved to either edge, and the first edge that covers nothing. */
export function clearPlacement(region: Box, windowHeight: number, keepClear: readonly Box[]): ToastPlacement {
  const height = region.bottom - region.top;
  // Read field by field: a DOMRect's sides are getters, which a spread would not copy.
  const at = (top: number): Box => ({ left: region.left, right: region.right, top, bottom: top + height });
  const covers = (box: Box) => keepClear.some((button) => overlaps(box, button));
  if (!covers(at(windowHeight - height))) return 'bottom';
  return covers(at(0)) ? 'bottom' : 'top';
}

/** The boxes a toast must not cover: the focused button and every submit button in the window. */
function primaryButtons(): Box[] {
  const buttons = new Set<Element>(document.querySelectorAll('button[type="submit"]'));
  if (document.activeElement?.matches('button, a[href]')) buttons.add(document.activeElement);
  return [...buttons]
    .map((button) => button.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.bottom > 0 && box.top < window.innerHeight);
}

/** Re-placed when a toast opens or changes size, and while the page scrolls or resizes under it. */
export function useToastPlacement(region: RefObject<HTMLElement | null>, open: boolean): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>('bottom');
  useLayoutEffect(() => {
    const element = region.current;
    if (!open || !element) return;
    const place = () => {
      const box = element.getBoundingClientRect();
      if (box.height > 0) setPlacement(clearPlacement(box, window.innerHeight, primaryButtons()));
    };
    place();
    // The toast is portalled into the region a render later, and a new one may be taller.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
    resized?.observe(element);
    window.addEventListener('scroll', place, { passive: true, capture: true });
    window.addEventListener('resize', place);
    return () => {
      resized?.disconnect();
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [open, region]);
  return placement;
}
