import type { GenerationStatus } from '@studio/events';
import {
  canDownload,
  downloadBaseName,
  eventTouchesWork,
  filterItems,
  type GalleryItem,
  normaliseSources,
  shortUsDate,
  statusDisplay,
} from './gallery-items';

const sources: Parameters<typeof normaliseSources>[1] = {
  standard: [],
  coloring: [
    {
      id: 'c1',
      prompt: 'A friendly dragon, reading!',
      status: 'Done',
      generationStatus: 'completed',
      image: '/api/files/c1.png',
      imagePreview: '/api/files/c1.png?preview',
      createdTime: '2026-11-20T10:00:00.000Z',
      type: 'coloring-page',
    },
  ],
  imageV2: [
    {
      id: 'v1',
      prompt: 'a red kite',
      status: 'In progress',
      generationStatus: 'running',
      image: null,
      createdTime: '2026-11-22T10:00:00.000Z',
    },
  ],
  editor: [
    {
      id: 'e1',
      prompt: 'make the sky orange',
      status: 'Done',
      generationStatus: 'completed',
      originalImage: '/o.png',
      editedImage: '/e.png',
      originalPreview: '/o.png?preview',
      editedPreview: '/e.png?preview',
      createdTime: '2026-11-21T10:00:00.000Z',
    },
    {
      id: 'e2',
      prompt: 'sparkles',
      status: 'Failed',
      generationStatus: 'failed',
      originalImage: '/o2.png',
      editedImage: null,
      createdTime: '2026-11-19T10:00:00.000Z',
    },
  ],
};

describe('My Images items (docs/product/creation-tools-qr.md (Data, States, Limits and costs))', () => {
  const items = normaliseSources('u1', sources);
  const byId = (id: string) => items.find((i) => i.id === id) as GalleryItem;

  it('refreshes on a live event only for a card still in progress', () => {
    expect(eventTouchesWork('v1', items)).toBe(true);
    expect(eventTouchesWork('c1', items)).toBe(false);
    expect(eventTouchesWork('someone-else', items)).toBe(false);
  });

  it('normalises the four sources into one list, newest first', () => {
    expect(items.map((i) => [i.id, i.type])).toEqual([
      ['v1', 'image-v2'],
      ['e1', 'image-editor'],
      ['c1', 'coloring'],
      ['e2', 'image-editor'],
    ]);
    expect(byId('c1')).toMatchObject({
      style: 'Coloring Page',
      styleId: 'coloring-page',
      url: '/api/files/c1.png',
      imagePreview: '/api/files/c1.png?preview',
      userId: 'u1',
    });
    expect(byId('e1')).toMatchObject({
      url: '/e.png',
      original: { url: '/o.png', preview: '/o.png?preview' },
    });
    expect(byId('e2')).toMatchObject({ url: '/o2.png', edited: null });
  });

  it('reads standard image records, whose fields the spec does not show, when they come', () => {
    const [item] = normaliseSources('u1', {
      standard: [
        { id: 's1', prompt: 'a fox', status: 'Done', url: '/f.png', createdAt: '2026-01-01T00:00:00Z' },
      ],
    });
    expect(item).toMatchObject({
      id: 's1',
      type: 'image',
      url: '/f.png',
      imagePreview: '/f.png',
      style: 'Image',
    });
  });

  it('shows each status as the product says, from the status and not the words', () => {
    const shown = (generationStatus: GenerationStatus) => statusDisplay({ status: '', generationStatus });
    expect(shown('completed')).toEqual({ label: 'Completed', tone: 'success', inProgress: false });
    expect(shown('running')).toEqual({ label: 'In Progress', tone: 'info', inProgress: true });
    expect(shown('requested')).toEqual({ label: 'In Progress', tone: 'info', inProgress: true });
    expect(shown('failed')).toEqual({ label: 'Failed', tone: 'danger', inProgress: false });
  });

  it('shows a record without a status as its words, in grey, neither done nor in progress', () => {
    const [item] = normaliseSources('u1', {
      standard: [{ id: 's2', status: 'Queued', url: '/q.png', createdAt: '2026-01-01T00:00:00Z' }],
    });
    expect(statusDisplay(item as GalleryItem)).toEqual({
      label: 'Queued',
      tone: 'neutral',
      inProgress: false,
    });
    expect(canDownload(item as GalleryItem)).toBe(false);
    expect(filterItems([item as GalleryItem], 'in-progress')).toEqual([]);
  });

  it('filters by tab: status for completed and in progress, type for the sources', () => {
    const ids = (tab: Parameters<typeof filterItems>[1]) => filterItems(items, tab).map((i) => i.id);
    expect(ids('all')).toHaveLength(4);
    expect(ids('completed')).toEqual(['e1', 'c1']);
    expect(ids('in-progress')).toEqual(['v1']);
    expect(ids('coloring')).toEqual(['c1']);
    expect(ids('image-v2')).toEqual(['v1']);
    expect(ids('image-editor')).toEqual(['e1', 'e2']);
  });

  it('downloads only a finished picture', () => {
    expect(canDownload(byId('c1'))).toBe(true);
    expect(canDownload(byId('v1'))).toBe(false);
    expect(canDownload(byId('e2'))).toBe(false);
  });

  it('names downloads: product prefix, type, date, first three prompt words, and the editor version', () => {
    expect(downloadBaseName(byId('c1'))).toBe('ai-book-studio-coloring-2026-11-20-a-friendly-dragon');
    expect(downloadBaseName(byId('v1'))).toBe('ai-book-studio-image-v2-2026-11-22-a-red-kite');
    expect(downloadBaseName(byId('e1'), 'original')).toBe(
      'ai-book-studio-image-2026-11-21-make-the-sky-original',
    );
    expect(downloadBaseName(byId('e1'), 'edited')).toBe(
      'ai-book-studio-image-2026-11-21-make-the-sky-edited',
    );
  });

  it('shows dates in the short US format', () => {
    expect(shortUsDate('2026-11-20T10:00:00.000Z')).toBe('11/20/2026');
  });
});
