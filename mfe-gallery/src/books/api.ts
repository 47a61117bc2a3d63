// My Books' calls (docs/product/creation-tools-qr.md (API)): the list, the Gen 2.0 generate call and
// the price and start of continuing a failed book.
import { ApiError, apiJson } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { useQuery } from '@tanstack/react-query';
import type { Book } from './book';

export const booksKey = (userId: string) => [BOOKS_QUERY_ROOT, userId] as const;

export function useBooks(userId: string | undefined) {
  return useQuery<Book[]>({ queryKey: booksKey(userId ?? ''), enabled: Boolean(userId) });
}

/** What continuing a failed book costs (the server's quote); none when it cannot be continued. */
export interface ResumeQuote {
  from: string;
  credits: number;
  partsLeft: number;
  partsTotal: number;
}

const resumePath = (bookId: string) => `/api/generations/${encodeURIComponent(bookId)}/resume`;

/** Asked for a failed book only; a 409 (nothing to continue from, a refusal) is no quote. */
export function useResumeQuote(bookId: string) {
  return useQuery<ResumeQuote | null>({
    queryKey: ['resume-quote', bookId],
    retry: false,
    queryFn: async () => {
      try {
        return await apiJson<ResumeQuote>('GET', resumePath(bookId));
      } catch (error) {
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return null;
        throw error;
      }
    },
  });
}

export const resumeBook = (bookId: string) =>
  apiJson<{ from: string; creditsUsed: number; remainingCredits: number }>('POST', resumePath(bookId), {});

export interface GenerateBookRequest {
  outlineId: string;
  userId: string;
  outlineIndex: 0 | 1 | 2;
}

export const generateBook = (request: GenerateBookRequest) =>
  apiJson<{ success?: boolean; bookGenerated?: boolean }>(
    'POST',
    '/api/non-fiction-gen2/generate-book',
    request,
  );

/**
 * The server's own message, without the status prefix; the fallback when there is none (the kit
 * hands back the raw body when a JSON answer has no message: that is no message either).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const detail = error.detail.trim();
  return detail === '' || detail.startsWith('{') || detail.startsWith('[') ? fallback : detail;
}
