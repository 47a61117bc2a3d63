import { clearPlacement } from './toast-placement';

// A 375 × 812 phone; the region is 130 px tall and spans the width.
const region = { top: 682, bottom: 812, left: 0, right: 375 };
const button = (top: number) => ({ top, bottom: top + 56, left: 37, right: 338 });

describe('clearPlacement', () => {
  it('stays at the bottom when nothing is under it', () => {
    expect(clearPlacement(region, 812, [button(300)])).toBe('bottom');
  });

  it('moves to the top when the bottom would cover a submit button', () => {
    expect(clearPlacement(region, 812, [button(740)])).toBe('top');
  });

  it('measures from wherever the region stands now (already at the top)', () => {
    expect(clearPlacement({ ...region, top: 0, bottom: 130 }, 812, [button(740)])).toBe('top');
  });

  it('stays at the bottom when either edge would cover a button', () => {
    expect(clearPlacement(region, 812, [button(740), button(20)])).toBe('bottom');
  });

  it('ignores a button beside the region (a desk form left of a 420 px region)', () => {
    expect(clearPlacement({ top: 682, bottom: 812, left: 860, right: 1280 }, 812, [button(740)])).toBe(
      'bottom',
    );
  });
});
