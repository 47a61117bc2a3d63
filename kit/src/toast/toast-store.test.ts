import {
  dismissToast,
  getToastState,
  subscribeToasts,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  toast,
  toastReducer,
} from './toast-store';

describe('toasts (docs/product/accounts-billing-admin.md (Limits and costs))', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    dismissToast();
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
  });

  it('shows at most one toast: a new one replaces the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'Login successful' });
    toast({ title: 'Data Refreshed' });
    expect(getToastState().toasts.map((t) => t.title)).toEqual(['Data Refreshed']);
  });

  it('a dismissed toast closes at once and is removed after 1,000,000 ms', () => {
    const { id, dismiss } = toast({
      title: 'Logged out',
      description: 'You have been successfully logged out.',
    });
    dismiss();
    expect(getToastState().toasts).toEqual([expect.objectContaining({ id, open: false })]);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToastState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(getToastState().toasts).toHaveLength(0);
  });

  it('notifies subscribers and can update a toast', () => {
    const seen: number[] = [];
    const stop = subscribeToasts((s) => seen.push(s.toasts.length));
    const t = toast({ title: 'Processing' });
    t.update({ title: 'Done' });
    stop();
    expect(seen).toEqual([1, 1]);
    expect(getToastState().toasts[0]?.title).toBe('Done');
  });

  it('reducer removes everything when no id is given', () => {
    const state = { toasts: [{ id: '1', open: false }] };
    expect(toastReducer(state, { type: 'remove' }).toasts).toEqual([]);
  });
});
