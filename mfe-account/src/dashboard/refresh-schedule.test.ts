import { isSubscriptionReturn, scheduleRefreshes } from './refresh-schedule';

describe('subscription return refresh (docs/product/accounts-billing-admin.md (States))', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes every 3000 ms, 3 times, then stops', () => {
    const refresh = jest.fn();
    scheduleRefreshes(refresh);
    jest.advanceTimersByTime(2999);
    expect(refresh).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(refresh).toHaveBeenLastCalledWith(1);
    jest.advanceTimersByTime(3000);
    expect(refresh).toHaveBeenLastCalledWith(2);
    jest.advanceTimersByTime(3000);
    expect(refresh).toHaveBeenLastCalledWith(3);
    jest.advanceTimersByTime(30_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('can be cancelled (the dashboard unmounts)', () => {
    const refresh = jest.fn();
    const cancel = scheduleRefreshes(refresh);
    jest.advanceTimersByTime(3000);
    cancel();
    jest.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('recognises both return addresses', () => {
    expect(isSubscriptionReturn(new URLSearchParams('subscription=success'))).toBe(true);
    expect(isSubscriptionReturn(new URLSearchParams('subscription_success=true'))).toBe(true);
    expect(isSubscriptionReturn(new URLSearchParams('subscription=cancelled'))).toBe(false);
    expect(isSubscriptionReturn(new URLSearchParams(''))).toBe(false);
  });
});
