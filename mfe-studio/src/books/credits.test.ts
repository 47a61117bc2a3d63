import { creditCheck, GEN2_COST, KIDS_BOOK_COST, mayUseColoringBooks, NON_FICTION_COST } from './credits';

describe('client credit checks (spec 02 §5, §9)', () => {
  it('costs come from the tool contracts', () => {
    expect([NON_FICTION_COST, GEN2_COST, KIDS_BOOK_COST]).toEqual([20, 20, 100]);
  });

  it('needs a user, then at least the cost', () => {
    expect(creditCheck(null, 20)).toBe('signed-out');
    expect(creditCheck({ credits: 19 }, 20)).toBe('insufficient');
    expect(creditCheck({ credits: 20 }, 20)).toBe('ok');
  });

  it('coloring books: Standard and Premium only', () => {
    expect(mayUseColoringBooks('Standard')).toBe(true);
    expect(mayUseColoringBooks('Premium')).toBe(true);
    expect(mayUseColoringBooks('Basic')).toBe(false);
    expect(mayUseColoringBooks('Demo')).toBe(false);
    expect(mayUseColoringBooks(undefined)).toBe(false);
  });
});
