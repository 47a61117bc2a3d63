import {
  filterListings,
  type KdpListingRecord,
  listingKeywords,
  listingStatusTone,
  promptExcerpt,
} from './listing-view';

describe('My KDP Listings view (docs/product/creation-tools-qr.md (Screens and routes, Data))', () => {
  it('reads keyword1..keyword7, else the comma-separated keywords', () => {
    expect(
      listingKeywords({
        id: 'a',
        generationStatus: 'completed',
        keyword1: 'bees',
        keyword2: 'honey',
        keywords: 'x, y',
      }),
    ).toEqual(['bees', 'honey']);
    expect(
      listingKeywords({ id: 'b', generationStatus: 'completed', keywords: 'bees, honey , hives' }),
    ).toEqual(['bees', 'honey', 'hives']);
    expect(listingKeywords({ id: 'c', generationStatus: 'completed' })).toEqual([]);
  });

  it('cuts the prompt to its first 100 characters', () => {
    expect(promptExcerpt('x'.repeat(100))).toBe('x'.repeat(100));
    expect(promptExcerpt(`${'y'.repeat(100)}zzz`)).toBe(`${'y'.repeat(100)}…`);
  });

  it('filters the tabs by status, not by the words shown', () => {
    const listings: KdpListingRecord[] = [
      { id: '1', generationStatus: 'completed' },
      { id: '2', generationStatus: 'running' },
      { id: '3', generationStatus: 'failed' },
      { id: '4', generationStatus: 'requested' },
    ];
    expect(filterListings(listings, 'all').map((l) => l.id)).toEqual(['1', '2', '3', '4']);
    expect(filterListings(listings, 'completed').map((l) => l.id)).toEqual(['1']);
    expect(filterListings(listings, 'in-progress').map((l) => l.id)).toEqual(['2', '4']);
  });

  it('colours the badge by status: completed green, in progress yellow, failed red', () => {
    const tone = (generationStatus: KdpListingRecord['generationStatus']) =>
      listingStatusTone({ generationStatus });
    expect(tone('completed')).toBe('success');
    expect(tone('running')).toBe('warning');
    expect(tone('requested')).toBe('warning');
    expect(tone('failed')).toBe('danger');
  });
});
