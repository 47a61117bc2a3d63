import type { GenerationStatus } from '@studio/events';
import {
  type Book,
  bookActions,
  cardClick,
  coverThumbnail,
  progressMessage,
  statusTone,
  typeLabel,
} from './book';
import { PROGRESS_MESSAGES } from './texts';

const base: Book = {
  id: 'b1',
  title: 'A Book',
  status: 'shown, never compared',
  type: 'non-fiction',
  generationStatus: 'running',
  progress: 0,
};
/** Every finished book can be edited (its files are then rebuilt). */
const edit = { kind: 'edit', to: '/my-books/b1/edit' } as const;
/** A finished book's own actions: edit its words, add a reader QR code. */
const finished = [edit, { kind: 'reader-qr' }] as const;

describe('status badge colours (docs/product/creation-tools-qr.md (States))', () => {
  it('in progress yellow, done green, error red, other grey', () => {
    const v2 = (generationStatus: GenerationStatus) =>
      statusTone({ type: 'non-fiction-v2', generationStatus });
    expect(statusTone({ type: 'kids-book', generationStatus: 'running' })).toBe('warning');
    expect(v2('running')).toBe('warning');
    expect(v2('completed')).toBe('success');
    expect(v2('failed')).toBe('danger');
    expect(v2('outlines-ready')).toBe('neutral');
  });
});

describe('type badges', () => {
  it('names each book type and passes an unknown one through', () => {
    expect(typeLabel('non-fiction-v2')).toBe('Non-Fiction 2.0');
    expect(typeLabel('kids-book')).toBe('Kids Book');
    expect(typeLabel('mystery')).toBe('mystery');
  });
});

describe('progress messages (docs/product/creation-tools-qr.md (States))', () => {
  it('follows the Gen 2.0 statuses, coloring books, and the default', () => {
    expect(progressMessage({ type: 'non-fiction-v2', generationStatus: 'running' })).toBe(
      'Creating your outline (5-10 minutes)',
    );
    expect(progressMessage({ type: 'non-fiction-v2', generationStatus: 'outlines-ready' })).toBe(
      'Outline ready. Book generation will start soon.',
    );
    expect(progressMessage({ type: 'non-fiction-v2', generationStatus: 'book-running' })).toBe(
      'Generating your book (15-20 minutes)',
    );
    expect(progressMessage({ type: 'coloring-book', generationStatus: 'running' })).toBe(
      'Creating your coloring book (1-2 minutes)',
    );
    expect(progressMessage({ type: 'kids-book', generationStatus: 'running' })).toBe(
      PROGRESS_MESSAGES.default,
    );
    expect(progressMessage({ type: 'kids-book', generationStatus: 'completed' })).toBeNull();
    expect(progressMessage({ type: 'kids-book', generationStatus: 'failed' })).toBeNull();
  });
});

describe('progress messages with measured durations', () => {
  const timed = { medianSeconds: 150, samples: 4 };
  const untimed = { medianSeconds: null, samples: 0 };

  it('says the measured time of the tool in the product words', () => {
    expect(progressMessage({ type: 'kids-book', generationStatus: 'running' }, { 'kids-book': timed })).toBe(
      'Processing (typically takes about 3 minutes)',
    );
    expect(
      progressMessage(
        { type: 'coloring-book', generationStatus: 'running' },
        { 'coloring-book': { ...timed, medianSeconds: 9 } },
      ),
    ).toBe('Creating your coloring book (under a minute)');
  });

  it('keeps the fixed time while the tool has no measurement, and for Gen 2.0', () => {
    expect(
      progressMessage({ type: 'kids-book', generationStatus: 'running' }, { 'kids-book': untimed }),
    ).toBe(PROGRESS_MESSAGES.default);
    // Another tool's measurement says nothing about this one.
    expect(
      progressMessage({ type: 'kids-book', generationStatus: 'running' }, { 'coloring-book': timed }),
    ).toBe(PROGRESS_MESSAGES.default);
    expect(
      progressMessage(
        { type: 'non-fiction-v2', generationStatus: 'book-running' },
        { 'non-fiction-v2': timed },
      ),
    ).toBe(PROGRESS_MESSAGES.bookCreation);
    expect(progressMessage({ type: 'mystery', generationStatus: 'running' }, { 'kids-book': timed })).toBe(
      PROGRESS_MESSAGES.default,
    );
  });
});

describe('action buttons (docs/product/creation-tools-qr.md (States))', () => {
  it('Gen 2.0: Download when Done with a link; list view shows Processing while in progress', () => {
    const v2 = { ...base, type: 'non-fiction-v2' };
    expect(bookActions({ ...v2, generationStatus: 'completed', downloadLink: '/f.pdf' }, 'grid')).toEqual([
      { kind: 'download', href: '/f.pdf' },
      ...finished,
    ]);
    expect(bookActions({ ...v2, generationStatus: 'completed' }, 'grid')).toEqual([...finished]);
    expect(bookActions({ ...v2, generationStatus: 'book-running' }, 'list')).toEqual([
      { kind: 'processing' },
    ]);
    expect(bookActions({ ...v2, generationStatus: 'book-running' }, 'grid')).toEqual([]);
  });

  it('coloring book: View when Done with a share link', () => {
    const coloring = { ...base, type: 'coloring-book' };
    expect(bookActions({ ...coloring, generationStatus: 'completed', shareLink: '/c.pdf' }, 'grid')).toEqual([
      { kind: 'view-link', href: '/c.pdf' },
      ...finished,
    ]);
    expect(bookActions({ ...coloring, generationStatus: 'completed' }, 'grid')).toEqual([...finished]);
    expect(bookActions({ ...coloring, shareLink: '/c.pdf' }, 'grid')).toEqual([]);
  });

  it('kids book: View when Done, and its print PDF and EPUB to download', () => {
    expect(bookActions({ ...base, type: 'kids-book', generationStatus: 'completed' }, 'grid')).toEqual([
      { kind: 'view-kids-book', to: '/kids-book/b1' },
      ...finished,
    ]);
    const files = { finalBookFile: '/api/files/gen-b1-pdf.pdf', epubFile: '/api/files/gen-b1-epub.epub' };
    expect(
      bookActions({ ...base, ...files, type: 'kids-book', generationStatus: 'completed' }, 'grid'),
    ).toEqual([
      { kind: 'view-kids-book', to: '/kids-book/b1' },
      { kind: 'download', href: '/api/files/gen-b1-pdf.pdf' },
      { kind: 'download-epub', href: '/api/files/gen-b1-epub.epub' },
      ...finished,
    ]);
    expect(bookActions({ ...base, ...files, type: 'kids-book' }, 'grid')).toEqual([]);
  });

  it('others: Download when Done or at 100 %, from finalBookFile or its fallbacks; no placeholder link when the file is missing', () => {
    expect(bookActions({ ...base, generationStatus: 'completed', finalBookFile: '/a.pdf' }, 'grid')).toEqual([
      { kind: 'download', href: '/a.pdf' },
      ...finished,
    ]);
    expect(bookActions({ ...base, progress: 100, 'Final Product': '/p.pdf' }, 'grid')).toEqual([
      { kind: 'download', href: '/p.pdf' },
    ]);
    expect(
      bookActions({ ...base, generationStatus: 'completed', 'Final Book File': '/q.pdf' }, 'list'),
    ).toEqual([{ kind: 'download', href: '/q.pdf' }, ...finished]);
    expect(bookActions({ ...base, generationStatus: 'completed' }, 'grid')).toEqual([
      { kind: 'file-missing' },
      ...finished,
    ]);
    expect(bookActions({ ...base, progress: 99 }, 'grid')).toEqual([]);
  });

  it('a finished non-fiction book offers its Word manuscript after the EPUB', () => {
    const book = {
      ...base,
      type: 'non-fiction-v2',
      downloadLink: '/f.pdf',
      epubFile: '/f.epub',
      docxFile: '/f.docx',
    };
    expect(bookActions({ ...book, generationStatus: 'completed' }, 'grid')).toEqual([
      { kind: 'download', href: '/f.pdf' },
      { kind: 'download-epub', href: '/f.epub' },
      { kind: 'download-docx', href: '/f.docx' },
      edit,
      { kind: 'reader-qr' },
    ]);
    expect(bookActions({ ...book, generationStatus: 'book-running' }, 'grid')).not.toContainEqual(
      expect.objectContaining({ kind: 'download-docx' }),
    );
  });

  it('a book rebuilt with its reader codes offers its Readers last; one without does not', () => {
    const book = {
      ...base,
      type: 'non-fiction-v2',
      downloadLink: '/f.pdf',
      generationStatus: 'completed' as const,
    };
    expect(bookActions({ ...book, hasReaders: true }, 'grid').at(-1)).toEqual({ kind: 'readers' });
    expect(bookActions(book, 'grid')).not.toContainEqual({ kind: 'readers' });
  });

  it('a finished book with an EPUB also offers it', () => {
    expect(
      bookActions(
        {
          ...base,
          type: 'non-fiction-v2',
          generationStatus: 'completed',
          downloadLink: '/f.pdf',
          epubFile: '/f.epub',
        },
        'grid',
      ),
    ).toEqual([
      { kind: 'download', href: '/f.pdf' },
      { kind: 'download-epub', href: '/f.epub' },
      ...finished,
    ]);
  });

  it('Gen 2.0 with its outlines ready offers the next step: choosing an outline', () => {
    expect(
      bookActions({ ...base, type: 'non-fiction-v2', generationStatus: 'outlines-ready' }, 'grid'),
    ).toEqual([{ kind: 'choose-outline' }]);
    expect(
      bookActions({ ...base, type: 'non-fiction-v2', generationStatus: 'outlines-ready' }, 'list'),
    ).toEqual([{ kind: 'choose-outline' }]);
  });

  it('a book being rebuilt after an edit offers no edit and says what is happening', () => {
    const rebuilding = {
      ...base,
      type: 'kids-book',
      generationStatus: 'rebuilding' as const,
      rebuilding: true,
    };
    expect(bookActions(rebuilding, 'grid')).toEqual([]);
    expect(progressMessage(rebuilding)).toBe(PROGRESS_MESSAGES.rebuilding);
  });
});

describe('cover thumbnail', () => {
  it("is the small preview of the book's ebook cover, and absent without one", () => {
    expect(coverThumbnail({ coverImage: '/api/files/gen-x-cover.jpg' })).toBe(
      '/api/files/gen-x-cover.jpg?preview',
    );
    expect(coverThumbnail({})).toBeUndefined();
  });
});

describe('card click (docs/product/creation-tools-qr.md (Screens and routes))', () => {
  it('Gen 2.0 opens the outlines, kids books their viewer, others nothing', () => {
    expect(cardClick({ id: 'x', type: 'non-fiction-v2' })).toEqual({ kind: 'outlines' });
    expect(cardClick({ id: 'k 1', type: 'kids-book' })).toEqual({ kind: 'navigate', to: '/kids-book/k%201' });
    expect(cardClick({ id: 'x', type: 'coloring-book' })).toBeNull();
    expect(cardClick({ id: 'x', type: 'non-fiction' })).toBeNull();
  });
});
