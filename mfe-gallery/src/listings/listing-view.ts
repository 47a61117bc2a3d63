// My KDP Listings (docs/product/creation-tools-qr.md (Screens and routes, Data, States)): the listing's keywords whichever way they arrive, the card
// excerpt, the tab filters and counts.
import { type GenerationStatus, type ItemStage, itemStage } from '@studio/events';

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
  /** The product's words for the status: shown, never compared (the screen compares `listingStage`). */
  status?: string;
  generationStatus: GenerationStatus;
  createdAt?: string;
  progress?: number;
  checks?: ListingCheck[];
  /** A failed listing's reason, with its refund, as the server words it. */
  error?: string;
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

/** Where the listing stands: made, failed, or still being made. */
export const listingStage = (listing: Pick<KdpListingRecord, 'generationStatus'>): ItemStage =>
  itemStage(listing.generationStatus);

export function filterListings(listings: KdpListingRecord[], tab: ListingTab): KdpListingRecord[] {
  if (tab === 'completed') return listings.filter((l) => listingStage(l) === 'done');
  if (tab === 'in-progress') return listings.filter((l) => listingStage(l) === 'in-progress');
  return listings;
}

/** Badge colours (docs/product/creation-tools-qr.md (States)): completed green, in progress yellow, failed red. */
const STAGE_TONES = {
  done: 'success',
  'in-progress': 'warning',
  error: 'danger',
} as const satisfies Record<ItemStage, string>;

export const listingStatusTone = (listing: Pick<KdpListingRecord, 'generationStatus'>) =>
  STAGE_TONES[listingStage(listing)];
