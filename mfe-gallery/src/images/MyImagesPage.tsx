// My Images (docs/product/creation-tools-qr.md (Screens and routes: My Images)): four sources in one gallery, tabs, skeletons, failure with Retry, empty
// states, cards with status, preview (a small WebP), date and download, the editor's toggle.
import { Alert, Badge, Button, buttonStyles, readStoredUserId, Spinner, theme, useUser } from '@studio/kit';
import { onGenerationEvent, onGenerationResync, useGenerationStream } from '@studio/kit/live';
import { EmptyState, Skeleton, Tabs } from '@studio/kit/widgets';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Download, ImageIcon, ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListScreen } from '../ListScreen';
import { downloadPng } from './download';
import {
  canDownload,
  downloadBaseName,
  type EditorSourceRecord,
  eventTouchesWork,
  filterItems,
  type GalleryItem,
  IMAGE_TABS,
  type ImageSourceRecord,
  type ImageTab,
  normaliseSources,
  type StandardSourceRecord,
  shortUsDate,
  stageOf,
  statusDisplay,
} from './gallery-items';

/** How often in-progress cards are refreshed when the live progress stream cannot be had. */
export const PROGRESS_REFRESH_MS = 4000;

const SOURCES = [
  '/api/airtable/images',
  '/api/coloring-book-generations',
  '/api/image-generations-v2',
  '/api/image-editor-generations',
] as const;

function useGallery(userId: string | null, live: { current: boolean }) {
  return useQueries({
    queries: SOURCES.map((path) => ({
      queryKey: [path, userId ?? ''],
      enabled: Boolean(userId),
      staleTime: 0,
      refetchOnMount: 'always' as const,
      // Polling only while the live stream is not open: with it, events refresh the lists.
      refetchInterval: (query: { state: { data?: unknown } }) =>
        !live.current &&
        Array.isArray(query.state.data) &&
        query.state.data.some((r: ImageSourceRecord) => stageOf(r) === 'in-progress')
          ? PROGRESS_REFRESH_MS
          : false,
    })),
    combine: (results) => {
      const [standard, coloring, imageV2, editor] = results.map((r) => r.data);
      return {
        isPending: results.some((r) => r.isPending && r.fetchStatus !== 'idle'),
        isError: results.some((r) => r.isError),
        refetch: () => Promise.all(results.map((r) => r.refetch())),
        items: normaliseSources(userId ?? '', {
          standard: standard as StandardSourceRecord[] | undefined,
          coloring: coloring as ImageSourceRecord[] | undefined,
          imageV2: imageV2 as ImageSourceRecord[] | undefined,
          editor: editor as EditorSourceRecord[] | undefined,
        }),
      };
    },
  });
}

/**
 * Live progress: while a card is in progress the page holds the generation
 * stream open, and an event for one of its cards refreshes the four lists (so does a resync:
 * events were missed that the stream will not replay).
 */
function useLiveProgress(userId: string | null, items: readonly GalleryItem[], live: { current: boolean }) {
  const working = items.some((item) => stageOf(item) === 'in-progress');
  const stream = useGenerationStream(Boolean(userId) && working);
  live.current = stream === 'open';
  const queryClient = useQueryClient();
  const latest = useRef(items);
  latest.current = items;
  useEffect(() => {
    const refetch = () => {
      for (const path of SOURCES) void queryClient.invalidateQueries({ queryKey: [path] });
    };
    const stopEvents = onGenerationEvent((event) => {
      if (eventTouchesWork(event.generationId, latest.current)) refetch();
    });
    // Events were missed and will not be replayed: read the lists again.
    const stopResync = onGenerationResync(refetch);
    return () => {
      stopEvents();
      stopResync();
    };
  }, [queryClient]);
}

export default function MyImagesPage() {
  const user = useUser();
  const userId = user?.id ?? readStoredUserId();
  const live = useRef(false);
  const gallery = useGallery(userId, live);
  const [tab, setTab] = useState<ImageTab>('all');
  useLiveProgress(userId, gallery.items, live);

  return (
    <ListScreen
      title="My Images"
      subtitle="View and download your AI-generated images"
      create={{ to: '/image-generator', label: 'Generate New Image' }}
    >
      <Tabs
        aria-label="Filter images"
        value={tab}
        onValueChange={(value) => setTab(value as ImageTab)}
        items={IMAGE_TABS.map((t) => ({
          value: t.value,
          label: t.label,
          content: <GalleryBody gallery={gallery} items={filterItems(gallery.items, t.value)} />,
        }))}
      />
    </ListScreen>
  );
}

/** docs/product/creation-tools-qr.md (Limits and costs): six skeleton cards while loading. */
const SKELETONS = ['s1', 's2', 's3', 's4', 's5', 's6'];

const grid = theme.tileGrid(260, 16, 'auto-fill');

function GalleryBody({ gallery, items }: { gallery: ReturnType<typeof useGallery>; items: GalleryItem[] }) {
  if (gallery.isPending)
    return (
      <div css={grid} aria-busy="true">
        {SKELETONS.map((key) => (
          <Skeleton key={key} height={320} data-testid="image-skeleton" />
        ))}
      </div>
    );
  if (gallery.isError)
    return (
      <Alert tone="danger" title="Error">
        <p>Failed to load images. Please try again later.</p>
        <Button variant="outline" size="sm" onClick={() => void gallery.refetch()} css={{ marginTop: 8 }}>
          Retry
        </Button>
      </Alert>
    );
  if (gallery.items.length === 0)
    return (
      <EmptyState
        icon={<ImageIcon aria-hidden />}
        title="No images found"
        actions={
          <Link to="/image-generator" css={buttonStyles('primary', 'sm')}>
            Generate Your First Image
          </Link>
        }
      >
        You haven't generated any images yet. Create your first AI image to see it here.
      </EmptyState>
    );
  if (items.length === 0)
    return (
      <EmptyState icon={<ImageIcon aria-hidden />} title="No images found">
        No images in this view yet.
      </EmptyState>
    );
  return (
    <div css={grid}>
      {items.map((item) => (
        <ImageCard key={item.id} item={item} />
      ))}
    </div>
  );
}

function ImageCard({ item }: { item: GalleryItem }) {
  const status = statusDisplay(item);
  const both = item.type === 'image-editor' && item.original && item.edited;
  const [showing, setShowing] = useState<'original' | 'edited'>('edited');
  const version =
    item.type === 'image-editor'
      ? showing === 'original'
        ? item.original
        : (item.edited ?? item.original)
      : null;
  const preview = version ? version.preview : item.imagePreview;
  const full = version ? version.url : item.url;
  const which =
    item.type === 'image-editor' ? (version === item.original ? 'original' : 'edited') : undefined;

  return (
    <article
      data-testid="image-card"
      css={{
        background: theme.colors.surface,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radii.lg,
        overflow: 'hidden',
        display: 'grid',
        gridTemplateRows: 'auto 1fr',
        minWidth: 0,
      }}
    >
      <div
        css={{
          position: 'relative',
          aspectRatio: '1 / 1',
          // A grid item sizes to its picture's own width unless told otherwise.
          minWidth: 0,
          overflow: 'hidden',
          background: theme.colors.surfaceMuted,
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {status.inProgress ? (
          <div css={{ display: 'grid', gap: 8, justifyItems: 'center', color: theme.colors.textMuted }}>
            <Spinner />
            <span>Processing...</span>
            {item.progress > 0 && <span css={{ fontSize: theme.fontSizes.xs }}>{item.progress}%</span>}
          </div>
        ) : preview ? (
          <img
            src={preview}
            alt={item.prompt}
            loading="lazy"
            // Absolutely placed: a percentage height does not resolve against an aspect-ratio box.
            css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <div css={{ display: 'grid', gap: 8, justifyItems: 'center', color: theme.colors.textMuted }}>
            <ImageOff aria-hidden />
            <span>No image available</span>
          </div>
        )}
        {both && !status.inProgress && (
          <fieldset
            css={{
              border: 0,
              margin: 0,
              padding: 0,
              position: 'absolute',
              top: 8,
              left: 8,
              right: 8,
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              gap: 8,
            }}
          >
            <legend
              css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              Version shown
            </legend>
            <span
              data-testid="version-label"
              css={{
                background: 'rgba(17,17,34,0.75)',
                color: '#fff',
                borderRadius: theme.radii.pill,
                padding: '2px 10px',
                fontSize: theme.fontSizes.xs,
                fontWeight: 700,
              }}
            >
              {showing === 'original' ? 'Original' : 'Edited'}
            </span>
            <span
              css={{
                display: 'flex',
                background: '#fff',
                borderRadius: theme.radii.pill,
                padding: 2,
                boxShadow: theme.shadows.sm,
              }}
            >
              {(['original', 'edited'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={showing === v}
                  onClick={() => setShowing(v)}
                  css={{
                    border: 0,
                    borderRadius: theme.radii.pill,
                    padding: '4px 10px',
                    fontSize: theme.fontSizes.xs,
                    fontWeight: 600,
                    cursor: 'pointer',
                    background: showing === v ? theme.colors.primary : 'transparent',
                    color: showing === v ? theme.colors.primaryText : theme.colors.text,
                  }}
                >
                  {v === 'original' ? 'Original' : 'Edited'}
                </button>
              ))}
            </span>
          </fieldset>
        )}
      </div>
      <div css={{ padding: 16, display: 'grid', gap: 8, alignContent: 'start', minWidth: 0 }}>
        <div
          css={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 8,
            alignItems: 'center',
            flexWrap: 'wrap',
          }}
        >
          <span css={{ fontWeight: 700, fontSize: theme.fontSizes.sm }}>{item.style}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <p css={{ fontSize: theme.fontSizes.sm, overflowWrap: 'anywhere' }}>{item.prompt}</p>
        {item.error && (
          <p data-testid="image-error" css={{ fontSize: theme.fontSizes.sm, color: theme.colors.danger }}>
            {item.error}
          </p>
        )}
        <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          <time
            dateTime={item.createdAt}
            css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}
          >
            {shortUsDate(item.createdAt)}
          </time>
          {canDownload(item, full) && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void downloadPng(full, downloadBaseName(item, which))}
              aria-label={`Download ${which ? `${which} ` : ''}image`}
            >
              <Download aria-hidden />
              Download
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
