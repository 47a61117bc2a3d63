import type { AiUsage, GenerationEvent } from '@studio/events';
import type { Emitted } from '../../platform/decider';
import { DomainError } from '../../platform/errors';
import { type OutlineChapter, parseOutline, renderOutline } from '../writing/book-text';
import { decideBriefEdit, type EditBrief } from './brief';
import { used } from './lifecycle';
import { decidePaidRewrite, type RewriteOutlinesPaid } from './outline-rewrite-price';
import type { GenerationState } from './state';

/** Gen 2.0's outlines: offered by the worker, then chosen, edited or written again by the author. */

type Decision = Emitted<GenerationEvent>[];

/** docs/product/creation-tools-qr.md (Screens and routes: Non-fiction Gen 2.0): new outlines once per book, free. */
export const FREE_OUTLINE_REWRITES = 1;

export interface RecordOutlines {
  type: 'RecordOutlines';
  generationId: string;
  outlines: [string, string, string];
  usage?: AiUsage[];
}

export function recordOutlines(
  { generationId, outlines, usage }: RecordOutlines,
  state: GenerationState,
): Decision {
  if (state.status !== 'running') return [];
  return [{ type: 'GenerationOutlinesReady', data: { generationId, outlines, ...used(usage) } }];
}

export interface ChooseOutline {
  type: 'ChooseOutline';
  generationId: string;
  userId: string;
  outlineIndex: 0 | 1 | 2;
}

export function chooseOutline(
  { generationId, userId, outlineIndex }: ChooseOutline,
  state: GenerationState,
): Decision {
  if (state.userId !== userId) throw new DomainError('NOT_FOUND', 'Book not found');
  if (state.status === 'outline-chosen' || state.status === 'book-running' || state.status === 'completed') {
    if (state.outlineIndex === outlineIndex) return [];
    throw new DomainError('CONFLICT', 'A book is already being generated from another outline');
  }
  if (state.status !== 'outlines-ready') throw new DomainError('CONFLICT', 'The outlines are not ready yet');
  return [{ type: 'GenerationOutlineChosen', data: { generationId, outlineIndex } }];
}

/** The author's own version of an outline, before the book is written from it. */
export interface EditOutline {
  type: 'EditOutline';
  generationId: string;
  userId: string;
  outlineIndex: 0 | 1 | 2;
  /** Absent: the book has no introduction. */
  introduction?: string;
  chapters: OutlineChapter[];
}

export function editOutline(command: EditOutline, state: GenerationState): Decision {
  const outlines = outlinesToChange(command, state);
  const { approach } = parseOutline(outlines[command.outlineIndex]);
  const edited = renderOutline({
    approach,
    ...(command.introduction ? { introduction: command.introduction } : {}),
    chapters: command.chapters,
  });
  // The outline is kept as text: a summary that reads back as a heading would change the book.
  const back = parseOutline(edited);
  if (
    JSON.stringify(back.chapters) !== JSON.stringify(command.chapters) ||
    (back.introduction ?? '') !== (command.introduction ?? '')
  )
    throw new DomainError(
      'VALIDATION',
      "A summary cannot begin like a heading ('Chapter 2: …', 'Introduction: …')",
    );
  if (edited === outlines[command.outlineIndex]) return [];
  const next: [string, string, string] = [...outlines];
  next[command.outlineIndex] = edited;
  const { generationId, userId, outlineIndex } = command;
  return [{ type: 'GenerationOutlineEdited', data: { generationId, userId, outlineIndex, outlines: next } }];
}

/** Three new outlines in place of the ones offered. */
export interface RewriteOutlines {
  type: 'RewriteOutlines';
  generationId: string;
  userId: string;
}

export function rewriteOutlines({ generationId, userId }: RewriteOutlines, state: GenerationState): Decision {
  outlinesToChange({ userId }, state);
  if ((state.outlineRounds ?? 0) >= FREE_OUTLINE_REWRITES)
    throw new DomainError(
      'CONFLICT',
      'New outlines were already written once for this book; edit the one you prefer instead',
    );
  const round = (state.outlineRounds ?? 0) + 1;
  return [
    {
      type: 'GenerationOutlinesRewriteRequested',
      data: { generationId, userId, kind: 'non-fiction-v2', round },
    },
  ];
}

/** The book brief, while the outlines may still change (`brief.ts`). */
export function editBrief(command: EditBrief, state: GenerationState): Decision {
  outlinesToChange(command, state);
  return decideBriefEdit(command, state);
}

/** Outlines written anew beyond the free rewrite, for credits (`outline-rewrite-price.ts`). */
export function rewriteOutlinesPaid(command: RewriteOutlinesPaid, state: GenerationState): Decision {
  outlinesToChange(command, state);
  return decidePaidRewrite(command, state, FREE_OUTLINE_REWRITES);
}

/** The offered outlines, while they may still change: the owner's, ready, no book started from one. */
function outlinesToChange(
  command: { userId: string },
  state: GenerationState,
): readonly [string, string, string] {
  if (state.userId !== command.userId || state.request?.kind !== 'non-fiction-v2')
    throw new DomainError('NOT_FOUND', 'Book not found');
  if (state.outlineIndex !== undefined)
    throw new DomainError('CONFLICT', 'The book is already being written from its outline');
  if (state.status !== 'outlines-ready' || !state.outlines)
    throw new DomainError('CONFLICT', 'The outlines are not ready yet');
  return state.outlines;
}
