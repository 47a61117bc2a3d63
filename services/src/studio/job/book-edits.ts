import { isDeepStrictEqual } from 'node:util';
import type { BookEdits, GenerationEvent } from '@studio/events';
import { BOOK_EDIT_MESSAGES, BOOK_REBUILDS_PER_DAY } from '@studio/events/rules';
import type { Emitted } from '../../platform/decider';
import { DomainError } from '../../platform/errors';
import { applyEdits } from '../book-edition';
import { type GenerationState, REBUILDING } from './state';

/** The author edits a finished book; its files are rebuilt (free, within the allowance). `at`: now. */
export interface EditBook {
  type: 'EditBook';
  generationId: string;
  userId: string;
  edits: BookEdits;
  at: string;
}

export function editBook(command: EditBook, state: GenerationState): Emitted<GenerationEvent>[] {
  if (state.userId !== command.userId) throw new DomainError('NOT_FOUND', 'Book not found');
  if (REBUILDING.includes(state.status))
    throw new DomainError(
      'CONFLICT',
      'The book is being rebuilt with your last changes; try again when it is done',
    );
  if (state.status !== 'completed' || !state.request)
    throw new DomainError('CONFLICT', 'The book can be edited once it is done');
  if (!state.edition)
    throw new DomainError('CONFLICT', 'This book was made before its text was kept, so it cannot be edited');
  // Refuses a chapter or page the book does not have; the same words are no rebuild.
  if (isDeepStrictEqual(applyEdits(state.edition, command.edits), state.edition)) return [];
  refuseBeyondAllowance(state.editedAt ?? [], command.at);
  const { generationId, userId, edits } = command;
  const revision = (state.revision ?? 0) + 1;
  return [
    { type: 'GenerationEdited', data: { generationId, userId, kind: state.request.kind, revision, edits } },
  ];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Free rebuilds: BOOK_REBUILDS_PER_DAY per book in any 24 hours (`editedAt` holds the latest
 * ones). Beyond it a 429 whose Retry-After is when the oldest of them leaves the window.
 */
function refuseBeyondAllowance(editedAt: readonly string[], at: string): void {
  const now = Date.parse(at);
  const recent = editedAt.filter((time) => now - Date.parse(time) < DAY_MS);
  if (recent.length < BOOK_REBUILDS_PER_DAY) return;
  const retryAfter = Math.max(1, Math.ceil((Date.parse(recent[0] as string) + DAY_MS - now) / 1000));
  throw new DomainError('RATE_LIMITED', BOOK_EDIT_MESSAGES.rebuildLimit(retryAfter), { retryAfter });
}
