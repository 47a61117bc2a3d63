// My KDP Listings (docs/product/creation-tools-qr.md (Screens and routes: KDP listing generator and My KDP Listings)): tabs with counts, cards (first 100 prompt characters, up to 3
// keywords), a details dialog with the full listing, copy buttons and the KDP rule checks.
import {
  Alert,
  Badge,
  Button,
  buttonStyles,
  readStoredUserId,
  Spinner,
  theme,
  toast,
  useUser,
} from '@studio/kit';
import { estimateText, useToolDurations } from '@studio/kit/live';
import { Dialog } from '@studio/kit/overlays';
import { EmptyState, Skeleton, Tabs } from '@studio/kit/widgets';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy, FileText, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListScreen } from '../ListScreen';
import { ListingFieldVersions, useListingParts } from './ListingFieldVersions';
import {
  filterListings,
  type KdpListingRecord,
  LISTING_TABS,
  type ListingTab,
  listingKeywords,
  listingStage,
  listingStatusTone,
  promptExcerpt,
} from './listing-view';

const REFRESH_MS = 4000;

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ variant: 'success', title: 'Copied to clipboard' });
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Failed to copy text to clipboard.' });
  }
}

export default function MyListingsPage() {
  const user = useUser();
  const userId = user?.id ?? readStoredUserId();
  const [tab, setTab] = useState<ListingTab>('all');
  const [openId, setOpen] = useState<string | null>(null);
  const listings = useQuery<KdpListingRecord[]>({
    queryKey: ['/api/kdp-listings', userId ?? ''],
    enabled: Boolean(userId),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.some((l) => listingStage(l) === 'in-progress') ? REFRESH_MS : false,
  });
  const all = listings.data ?? [];
  // The listing as it now reads: a version chosen in its details shows there at once.
  const open = all.find((l) => l.id === openId);

  return (
    <ListScreen
      title="My KDP Listings"
      subtitle="Your generated Amazon KDP listings"
      create={{ to: '/kdp-listing-generator', label: 'Create New Listing' }}
    >
      {listings.isError ? (
        <Alert tone="danger" title="Error">
          There was an error loading your listings. Please try again later.
        </Alert>
      ) : (
        <Tabs
          aria-label="Filter listings"
          value={tab}
          onValueChange={(v) => setTab(v as ListingTab)}
          items={LISTING_TABS.map((t) => ({
            value: t.value,
            label: `${t.label} (${filterListings(all, t.value).length})`,
            content: listings.isPending ? (
              <div css={grid}>
                {['a', 'b', 'c'].map((key) => (
                  <Skeleton key={key} height={180} />
                ))}
              </div>
            ) : filterListings(all, t.value).length === 0 ? (
              <EmptyState
                icon={<FileText aria-hidden />}
                title="No listings yet"
                actions={
                  all.length === 0 && (
                    <Link to="/kdp-listing-generator" css={buttonStyles('primary', 'sm')}>
                      Create Your First Listing
                    </Link>
                  )
                }
              >
                {all.length === 0
                  ? 'Generate a KDP listing to keep its title, description and keywords here.'
                  : 'No listings in this view yet.'}
              </EmptyState>
            ) : (
              <div css={grid}>
                {filterListings(all, t.value).map((listing) => (
                  <ListingCard key={listing.id} listing={listing} onOpen={() => setOpen(listing.id)} />
                ))}
              </div>
            ),
          }))}
        />
      )}
      {open && (
        <Dialog
          open
          onOpenChange={(next) => !next && setOpen(null)}
          title={open.optimizedTitle || open.originalTitle || 'KDP listing'}
          description="The full listing, ready to paste into KDP"
          maxWidth={760}
        >
          <ListingDetails listing={open} />
        </Dialog>
      )}
    </ListScreen>
  );
}

const grid = theme.tileGrid(300, 16, 'auto-fill');

function ListingCard({ listing, onOpen }: { listing: KdpListingRecord; onOpen: () => void }) {
  const stage = listingStage(listing);
  const inProgress = stage === 'in-progress';
  // How long a listing takes is measured on the server, not promised here.
  const durations = useToolDurations(inProgress);
  const keywords = listingKeywords(listing).slice(0, 3);
  return (
    <article
      data-testid="listing-card"
      css={{
        background: theme.colors.surface,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radii.lg,
        padding: 16,
        display: 'grid',
        gap: 10,
        alignContent: 'start',
        minWidth: 0,
      }}
    >
      <div css={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'start' }}>
        <h2 css={{ fontSize: theme.fontSizes.md, fontWeight: 700, overflowWrap: 'anywhere' }}>
          {listing.optimizedTitle || listing.originalTitle}
        </h2>
        <Badge tone={listingStatusTone(listing)}>{listing.status}</Badge>
      </div>
      <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted, overflowWrap: 'anywhere' }}>
        {promptExcerpt(listing.bookPrompt)}
      </p>
      {inProgress && (
        <p
          data-testid="listing-processing"
          css={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: theme.fontSizes.sm }}
        >
          <Spinner size={16} />
          <span>Your listing is being created. {estimateText(durations?.['kdp-listing'])}</span>
        </p>
      )}
      {stage === 'error' && (
        <p data-testid="listing-error" css={{ fontSize: theme.fontSizes.sm, color: theme.colors.danger }}>
          {listing.error ?? 'There was a problem creating this listing. Please create a new listing.'}
        </p>
      )}
      {keywords.length > 0 && (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
          {keywords.map((k) => (
            <Badge key={k} tone="primary">
              {k}
            </Badge>
          ))}
        </div>
      )}
      {stage === 'done' && (
        <Button size="sm" variant="outline" onClick={onOpen} css={{ justifySelf: 'start' }}>
          View details
        </Button>
      )}
    </article>
  );
}

function CopyBlock({
  label,
  text,
  mono,
  children,
}: {
  label: string;
  text: string;
  mono?: boolean;
  children?: ReactNode;
}) {
  return (
    <section css={{ display: 'grid', gap: 6 }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <h3 css={{ fontSize: theme.fontSizes.sm, fontWeight: 700 }}>{label}</h3>
        <Button size="sm" variant="ghost" onClick={() => void copy(text)} aria-label={`Copy ${label}`}>
          <Copy aria-hidden /> Copy
        </Button>
      </div>
      <div
        css={{
          background: theme.colors.surfaceMuted,
          borderRadius: theme.radii.md,
          padding: 12,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: theme.fontSizes.sm,
          maxHeight: 260,
          overflowY: 'auto',
          ...(mono ? { fontFamily: theme.fonts.mono } : {}),
        }}
      >
        {text}
      </div>
      {children}
    </section>
  );
}

function ListingDetails({ listing }: { listing: KdpListingRecord }) {
  const keywords = listingKeywords(listing);
  // Only a made listing's fields can be written again.
  const parts = useListingParts(listing.id, listingStage(listing) === 'done').data;
  const versions = (field: string) => (
    <ListingFieldVersions listingId={listing.id} field={field} parts={parts} />
  );
  return (
    <div css={{ display: 'grid', gap: 16, minWidth: 0 }}>
      <CopyBlock label="Title" text={listing.optimizedTitle ?? ''}>
        {versions('listing-optimizedTitle')}
      </CopyBlock>
      <CopyBlock label="Subtitle" text={listing.subtitle ?? ''}>
        {versions('listing-subtitle')}
      </CopyBlock>
      <CopyBlock label="Description (HTML for KDP)" text={listing.description ?? ''} mono>
        {versions('listing-description')}
      </CopyBlock>
      <section css={{ display: 'grid', gap: 6 }}>
        <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          <h3 css={{ fontSize: theme.fontSizes.sm, fontWeight: 700 }}>Keywords</h3>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void copy(keywords.join(', '))}
            aria-label="Copy all keywords"
          >
            <Copy aria-hidden /> Copy all
          </Button>
        </div>
        <ol css={{ display: 'grid', gap: 4, paddingLeft: 20, listStyle: 'decimal' }}>
          {keywords.map((k) => (
            <li key={k} css={{ fontSize: theme.fontSizes.sm }}>
              <span css={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                {k}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void copy(k)}
                  aria-label={`Copy keyword ${k}`}
                >
                  <Copy aria-hidden />
                </Button>
              </span>
            </li>
          ))}
        </ol>
        {versions('listing-keywords')}
      </section>
      <section css={{ display: 'grid', gap: 6 }} aria-label="KDP rules">
        <h3 css={{ fontSize: theme.fontSizes.sm, fontWeight: 700 }}>KDP rules</h3>
        <ul css={{ display: 'grid', gap: 6 }}>
          {(listing.checks ?? []).map((check) => (
            <li
              key={check.rule}
              data-testid="listing-check"
              data-passed={check.passed}
              css={{ display: 'flex', gap: 8, alignItems: 'start', fontSize: theme.fontSizes.sm }}
            >
              {check.passed ? (
                <Check aria-label="Passed" css={{ color: theme.colors.success, flexShrink: 0 }} />
              ) : (
                <X aria-label="Failed" css={{ color: theme.colors.danger, flexShrink: 0 }} />
              )}
              <span>
                {check.label}
                {check.detail && <span css={{ color: theme.colors.textMuted }}> · {check.detail}</span>}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
