import { bookStatusLabel, type GenerationStatus } from '@studio/events';
import type { Book } from '../api/types';
import {
  bookListView,
  dashboardStats,
  FAILED_SHOWN_MS,
  progressColor,
  progressPercent,
  recentlyFailed,
} from './book-list';

const book = (i: number, generationStatus: GenerationStatus = 'running', type = 'non-fiction'): Book => ({
  id: `b${i}`,
  title: `Book ${i}`,
  type,
  status: bookStatusLabel(type, generationStatus),
  generationStatus,
});
const books = (n: number) => Array.from({ length: n }, (_, i) => book(i));

describe('Book Progress list (docs/product/accounts-billing-admin.md (Screens and routes: Dashboard))', () => {
  it('shows up to 5 books on wide screens', () => {
    expect(bookListView(books(7), false)).toMatchObject({ hidden: 2 });
    expect(bookListView(books(7), false).visible.map((b) => b.id)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
    expect(bookListView(books(5), false)).toMatchObject({ hidden: 0 });
  });

  it('shows up to 3 books under 390 px', () => {
    expect(bookListView(books(5), true).visible).toHaveLength(3);
    expect(bookListView(books(5), true).hidden).toBe(2);
    expect(bookListView(books(3), true).hidden).toBe(0);
  });

  it('handles an empty list', () => {
    expect(bookListView([], false)).toEqual({ visible: [], hidden: 0 });
    expect(bookListView([], true)).toEqual({ visible: [], hidden: 0 });
  });
});

describe('dashboard stats', () => {
  it('counts total, in progress (any finer status) and done', () => {
    const all = [
      book(1, 'completed'),
      book(2, 'running'),
      book(3, 'running', 'non-fiction-v2'),
      book(4, 'outlines-ready', 'non-fiction-v2'),
      book(5, 'failed'),
      book(6, 'completed'),
    ];
    expect(dashboardStats(all)).toEqual({ totalBooks: 6, inProgress: 3, completed: 2 });
    expect(dashboardStats([])).toEqual({ totalBooks: 0, inProgress: 0, completed: 0 });
  });
});

describe('progress bar', () => {
  it('is pink for Fantasy, green otherwise', () => {
    expect(progressColor('Fantasy')).toBe(progressColor('fantasy'));
    expect(progressColor('Fantasy')).not.toBe(progressColor('Animals'));
    expect(progressColor(undefined)).toBe(progressColor('Animals'));
  });

  it('clamps and rounds the percent', () => {
    expect(progressPercent(42.6)).toBe(43);
    expect(progressPercent(140)).toBe(100);
    expect(progressPercent(-3)).toBe(0);
    expect(progressPercent(undefined)).toBe(0);
  });
});

describe('books that failed lately', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();
  const failed = (i: number, msAgo: number): Book => ({
    ...book(i, 'failed'),
    createdAt: at(msAgo),
    error: 'x',
  });

  it('lists failed books of the last three days, newest first, at most three', () => {
    const list = [
      failed(1, 5_000),
      failed(2, FAILED_SHOWN_MS + 1),
      { ...book(3, 'completed'), createdAt: at(1_000) },
      failed(4, 1_000),
      failed(5, 60_000),
      failed(6, 120_000),
    ];
    expect(recentlyFailed(list, now).map((b) => b.id)).toEqual(['b4', 'b1', 'b5']);
  });

  it('leaves out a failed book with no date and answers nothing when none failed', () => {
    expect(recentlyFailed([book(1, 'failed'), book(2)], now)).toEqual([]);
  });
});
