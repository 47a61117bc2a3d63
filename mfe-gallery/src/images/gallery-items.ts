// My Images (docs/product/creation-tools-qr.md (Data, States, Limits and costs)): the four sources normalised into one gallery item, the status
// labels, the tab filters and the download file names. Pure, so it is tested without a browser.
import { type GenerationStatus, type ItemStage, itemStage } from '@studio/events';
import { PRODUCT_NAME } from '@studio/kit';

export type GalleryType = 'image' | 'coloring' | 'image-v2' | 'image-editor';

/** docs/product/creation-tools-qr.md (Data) gallery item, plus the editor's two versions. */
export interface GalleryItem {
  id: string;
  prompt: string;
  style: string;
  styleId: string;
  /** The product's words for the status: shown only when there is no `generationStatus`. */
  status: string;
  /** What the screen compares; absent on a record that carries none (shown as is, grey). */
  generationStatus?: GenerationStatus;
  url: string | null;
  imagePreview: string | null;
  createdAt: string;
  creditsUsed: number;
  userId: string;
  type: GalleryType;
  progress: number;
  /** Editor items only. */
  original?: { url: string; preview: string } | null;
  edited?: { url: string; preview: string } | null;
  /** A failed item's reason, with its refund, as the server words it. */
  error?: string;
}

/** Coloring and v2 records: id, prompt, status, image, createdTime (docs/product/creation-tools-qr.md (Data)). */
export interface ImageSourceRecord {
  id: string;
  prompt?: string;
  status?: string;
  generationStatus?: GenerationStatus;
  image?: string | null;
  imagePreview?: string | null;
  createdTime?: string;
  creditsUsed?: number;
  progress?: number;
  type?: string;
  error?: string;
}

/** Editor records: id, prompt, status, originalImage, editedImage, createdTime. */
export interface EditorSourceRecord {
  id: string;
  prompt?: string;
  status?: string;
  generationStatus?: GenerationStatus;
  originalImage?: string | null;
  editedImage?: string | null;
  originalPreview?: string | null;
  editedPreview?: string | null;
  createdTime?: string;
  creditsUsed?: number;
  progress?: number;
  error?: string;
}

/** Standard image records: the spec does not show their fields; these are read if present. */
export type StandardSourceRecord = Record<string, unknown>;

const STYLE_LABELS: Record<string, string> = {
  'coloring-page': 'Coloring Page',
  'coloring-book': 'Coloring Book',
  coloring: 'Coloring Page',
  'image-v2': 'Image Generator v2',
  'image-editor': 'AI Image Editor',
  image: 'Image',
};

const version = (url?: string | null, preview?: string | null) =>
  url ? { url, preview: preview ?? url } : null;

export function normaliseSources(
  userId: string,
  sources: {
    standard?: StandardSourceRecord[];
    coloring?: ImageSourceRecord[];
    imageV2?: ImageSourceRecord[];
    editor?: EditorSourceRecord[];
  },
): GalleryItem[] {
  const fromImage =
    (type: 'coloring' | 'image-v2') =>
    (r: ImageSourceRecord): GalleryItem => {
      const styleId = r.type ?? (type === 'coloring' ? 'coloring-page' : 'image-v2');
      return {
        id: r.id,
        prompt: r.prompt ?? '',
        style: STYLE_LABELS[styleId] ?? styleId,
        styleId,
        status: r.status ?? '',
        generationStatus: r.generationStatus,
        url: r.image ?? null,
        imagePreview: r.imagePreview ?? r.image ?? null,
        createdAt: r.createdTime ?? '',
        creditsUsed: r.creditsUsed ?? 0,
        userId,
        type,
        progress: r.progress ?? 0,
        ...(r.error ? { error: r.error } : {}),
      };
    };
  const fromEditor = (r: EditorSourceRecord): GalleryItem => {
    const edited = version(r.editedImage, r.editedPreview);
    const original = version(r.originalImage, r.originalPreview);
    const shown = edited ?? original;
    return {
      id: r.id,
      prompt: r.prompt ?? '',
      style: STYLE_LABELS['image-editor'] ?? 'AI Image Editor',
      styleId: 'image-editor',
      status: r.status ?? '',
      generationStatus: r.generationStatus,
      url: shown?.url ?? null,
      imagePreview: shown?.preview ?? null,
      createdAt: r.createdTime ?? '',
      creditsUsed: r.creditsUsed ?? 0,
      userId,
      type: 'image-editor',
      progress: r.progress ?? 0,
      original,
      edited,
      ...(r.error ? { error: r.error } : {}),
    };
  };
  const fromStandard = (r: StandardSourceRecord): GalleryItem => {
    const text = (...keys: string[]) => {
      for (const key of keys) if (typeof r[key] === 'string') return r[key] as string;
      return '';
    };
    const url = text('url', 'image', 'imageUrl') || null;
    return {
      id: text('id') || String(r.id ?? ''),
      prompt: text('prompt', 'Prompt'),
      style: text('style', 'styleName') || 'Image',
      styleId: text('styleId') || 'image',
      status: text('status', 'Status'),
      url,
      imagePreview: text('imagePreview') || url,
      createdAt: text('createdAt', 'createdTime', 'Created Time'),
      creditsUsed: Number(r.creditsUsed ?? 0) || 0,
      userId,
      type: 'image',
      progress: 0,
    };
  };
  return sortNewestFirst([
    ...(sources.standard ?? []).map(fromStandard),
    ...(sources.coloring ?? []).map(fromImage('coloring')),
    ...(sources.imageV2 ?? []).map(fromImage('image-v2')),
    ...(sources.editor ?? []).map(fromEditor),
  ]);
}

export const sortNewestFirst = (items: GalleryItem[]) =>
  [...items].sort((a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0));

export type StatusTone = 'success' | 'info' | 'danger' | 'neutral';

/** Where an item (or a source record as it arrives) stands; null without a status to compare. */
export const stageOf = (item: { generationStatus?: GenerationStatus }): ItemStage | null =>
  item.generationStatus ? itemStage(item.generationStatus) : null;

/** docs/product/creation-tools-qr.md (States): how My Images shows each stage. */
const STAGE_BADGES: Record<ItemStage, { label: string; tone: StatusTone }> = {
  done: { label: 'Completed', tone: 'success' },
  'in-progress': { label: 'In Progress', tone: 'info' },
  error: { label: 'Failed', tone: 'danger' },
};

/** The card's badge: Completed (green), In Progress (blue, spinner), Failed (red); without a status, its words in grey. */
export function statusDisplay(item: Pick<GalleryItem, 'status' | 'generationStatus'>): {
  label: string;
  tone: StatusTone;
  inProgress: boolean;
} {
  const stage = stageOf(item);
  if (!stage) return { label: item.status, tone: 'neutral', inProgress: false };
  return { ...STAGE_BADGES[stage], inProgress: stage === 'in-progress' };
}

export const IMAGE_TABS = [
  { value: 'all', label: 'All Images' },
  { value: 'completed', label: 'Completed' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'coloring', label: 'Coloring Books' },
  { value: 'image-v2', label: 'Image Generator v2' },
  { value: 'image-editor', label: 'AI Image Editor' },
] as const;
export type ImageTab = (typeof IMAGE_TABS)[number]['value'];

export function filterItems(items: GalleryItem[], tab: ImageTab): GalleryItem[] {
  switch (tab) {
    case 'all':
      return items;
    case 'completed':
      return items.filter((i) => stageOf(i) === 'done');
    case 'in-progress':
      return items.filter((i) => stageOf(i) === 'in-progress');
    default:
      return items.filter((i) => i.type === tab);
  }
}

/** docs/product/creation-tools-qr.md (States): download only with a previewable image of a finished ('Done') item. */
export const canDownload = (item: GalleryItem, url: string | null = item.url) =>
  Boolean(url) && stageOf(item) === 'done';

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

/**
 * docs/product/creation-tools-qr.md (Limits and costs): product prefix, type (coloring, image-v2 or image), date, first three prompt words;
 * the editor adds -original or -edited. Without the `.png`, which the caller adds.
 */
export function downloadBaseName(item: GalleryItem, which?: 'original' | 'edited'): string {
  const type = item.type === 'coloring' ? 'coloring' : item.type === 'image-v2' ? 'image-v2' : 'image';
  const date = (item.createdAt || new Date().toISOString()).slice(0, 10);
  const words = slug(item.prompt).split('-').filter(Boolean).slice(0, 3).join('-');
  const parts = [slug(PRODUCT_NAME), type, date, words].filter(Boolean).join('-');
  return item.type === 'image-editor' ? `${parts}-${which ?? 'edited'}` : parts;
}

/** docs/product/creation-tools-qr.md (Limits and costs): dates en-US short. */
export const shortUsDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US');
};

/** Whether a live progress event concerns a card that is still in progress (so the lists refresh). */
export function eventTouchesWork(generationId: string, items: readonly GalleryItem[]): boolean {
  return items.some((item) => item.id === generationId && stageOf(item) === 'in-progress');
}
