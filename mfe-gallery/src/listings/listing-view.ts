// My KDP Listings (docs/product/creation-tools-qr.md (Screens and routes, Data, States)): the listing's keywords whichever way they arrive, the card
// excerpt, the tab filters and counts.

export interface ListingCheck {
  rule: string;
  label: string;
  passed: boolean;
  detail?: string;
}

export interface KdpListingRecord {
  id: string;
  originalTitle?: string;
  bookPrompt?: string;
  optimizedTitle?: string;
  subtitle?: string;
  description?: string;
  keywords?: string;
  status?: string;
  createdAt?: string;
  progress?: number;
  checks?: ListingCheck[];
  [key: string]: unknown;
}

/** keyword1..keyword7, or one comma-separated keywords value (docs/product/creation-tools-qr.md (Data)). */
export function listingKeywords(listing: KdpListingRecord): string[] {
  const numbered = Array.from({ length: 7 }, (_, i) => listing[`keyword${i + 1}`]).filter(
    (k): k is string => typeof k === 'string' && k.trim() !== '',
  );
  if (numbered.length > 0) return numbered;
  return (listing.keywords ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

/** The card shows the first 100 characters of the prompt (docs/product/creation-tools-qr.md (Limits and costs)). */
export const promptExcerpt = (prompt = '') => (prompt.length > 100 ? `${prompt.slice(0, 100)}…` : prompt);

export const LISTING_TABS = [
  { value: 'all', label: 'All' },
  { value: 'completed', label: 'Completed' },
  { value: 'in-progress', label: 'In progress' },
] as const;
export type ListingTab = (typeof LISTING_TABS)[number]['value'];

export function filterListings(listings: KdpListingRecord[], tab: ListingTab): KdpListingRecord[] {
  if (tab === 'completed') return listings.filter((l) => l.status === 'Completed');
  if (tab === 'in-progress') return listings.filter((l) => l.status === 'In progress');
  return listings;
}

export function listingStatusTone(status = ''): 'success' | 'warning' | 'danger' | 'neutral' {
  if (status === 'Completed') return 'success';
  if (status === 'In progress') return 'warning';
  if (status === 'Failed') return 'danger';
  return 'neutral';
}
