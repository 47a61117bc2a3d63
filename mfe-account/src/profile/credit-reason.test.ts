import { creditReasonText } from './credit-reason';

describe('creditReasonText', () => {
  it('names the plan of a purchase or renewal instead of the code', () => {
    expect(creditReasonText({ kind: 'granted', reason: 'plan-purchase', planId: 'standard' })).toBe(
      'Standard plan purchased: monthly credits',
    );
    expect(creditReasonText({ kind: 'granted', reason: 'renewal', planId: 'basic' })).toBe(
      'Basic plan renewed: monthly credits',
    );
  });

  it("names what each tool made, never the tool's internal kind", () => {
    expect(creditReasonText({ kind: 'debited', reason: 'image-v2' })).toBe('Used for: an image');
    expect(creditReasonText({ kind: 'debited', reason: 'non-fiction-v2' })).toBe(
      'Used for: a non-fiction book (Gen 2.0)',
    );
    expect(creditReasonText({ kind: 'debited', reason: 'kdp-listing' })).toBe('Used for: a KDP listing');
    expect(creditReasonText({ kind: 'debited', reason: 'non-fiction' })).toBe('Used for: a non-fiction book');
    expect(creditReasonText({ kind: 'debited', reason: 'image-edit' })).toBe('Used for: an image edit');
  });

  it('words uses, refunds and adjustments', () => {
    expect(creditReasonText({ kind: 'debited', reason: 'coloring-page' })).toBe('Used for: a coloring page');
    expect(creditReasonText({ kind: 'refunded', reason: 'generation-failed' })).toBe(
      'Refund: the generation failed',
    );
    expect(creditReasonText({ kind: 'adjusted', reason: 'Admin update by a@b.c' })).toBe(
      'Adjusted by support: Admin update by a@b.c',
    );
  });

  it('says in words that a refunded or disputed payment took its credits back', () => {
    expect(creditReasonText({ kind: 'withdrawn', reason: 'refund', planId: 'basic' })).toBe(
      'Basic plan payment refunded: its unused credits withdrawn',
    );
    expect(creditReasonText({ kind: 'withdrawn', reason: 'dispute-lost', planId: 'premium' })).toBe(
      'Premium plan payment disputed and reversed: its unused credits withdrawn',
    );
  });
});
