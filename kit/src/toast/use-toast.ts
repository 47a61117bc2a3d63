// React view of the toast store.
import { useSyncExternalStore } from 'react';
import { dismissToast, getToastState, subscribeToasts, type ToastState, toast } from './toast-store';

export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const state = useSyncExternalStore(subscribeToasts, getToastState, getToastState);
  return { ...state, toast, dismiss: dismissToast };
}
