// Toast state of docs/product/accounts-billing-admin.md (Limits and costs): one toast at a time; a dismissed toast is removed after 1,000,000 ms.
// A module-level store: kit is a shared singleton, so every remote's toast() reaches the shell's Toaster.
import type { ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const REDIRECT_TOAST_DURATION_MS = 3000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; 5000 unless given (a redirect toast uses 3000). */
  duration?: number;
  action?: ReactNode;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** Pure: newest first, at most TOAST_LIMIT kept. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
    default: {
      const never: never = action;
      return never;
    }
  }
}

type Listener = (state: ToastState) => void;

let state: ToastState = { toasts: [] };
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;
let shown = false;

function dispatch(action: ToastAction): void {
  if (action.type === 'add') shown = true;
  if (action.type === 'dismiss') {
    const ids = action.id === undefined ? state.toasts.map((t) => t.id) : [action.id];
    for (const id of ids) scheduleRemoval(id);
  }
  state = toastReducer(state, action);
  for (const listener of listeners) listener(state);
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function toast(options: ToastOptions): {
  id: string;
  dismiss: () => void;
  update: (o: ToastOptions) => void;
} {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { ...options, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: 'dismiss', id }),
    update: (o) => dispatch({ type: 'update', toast: { ...o, id } }),
  };
}

export function dismissToast(id?: string): void {
  dispatch(id === undefined ? { type: 'dismiss' } : { type: 'dismiss', id });
}

/** True once any toast was raised (the Toaster loads its UI then). */
export function hasShownToast(): boolean {
  return shown;
}

export function getToastState(): ToastState {
  return state;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
