import { filterListings, type KdpListingRecord, listingKeywords, promptExcerpt } from './listing-view';

describe('My KDP Listings view (docs/product/creation-tools-qr.md (Screens and routes, Data))', () => {
  it('reads keyword1..keyword7, else the comma-separated keywords', () => {
    expect(listingKeywords({ id: 'a', keyword1: 'bees', keyword2: 'honey', keywords: 'x, y' })).toEqual([
      'bees',
      'honey',
    ]);
    expect(listingKeywords({ id: 'b', keywords: 'bees, honey , hives' })).toEqual(['bees', 'honey', 'hives']);
    expect(listingKeywords({ id: 'c' })).toEqual([]);
  });

  it('cuts the prompt to its first 100 characters', () => {
    expect(promptExcerpt('x'.repeat(100))).toBe('x'.repeat(100));
    expect(promptExcerpt(`${'y'.repeat(100)}zzz`)).toBe(`${'y'.repeat(100)}…`);
  });

  it('filters the tabs by status', () => {
    const listings: KdpListingRecord[] = [
      { id: '1', status: 'Completed' },
      { id: '2', status: 'In progress' },
      { id: '3', status: 'Failed' },
    ];
    expect(filterListings(listings, 'all').map((l) => l.id)).toEqual(['1', '2', '3']);
    expect(filterListings(listings, 'completed').map((l) => l.id)).toEqual(['1']);
    expect(filterListings(listings, 'in-progress').map((l) => l.id)).toEqual(['2']);
  });
});
