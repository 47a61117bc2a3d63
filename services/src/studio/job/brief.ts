import { type BookBrief, BRIEF_FIELDS, type GenerationEvent, type GenerationRequest } from '@studio/events';
import type { Emitted } from '../../platform/decider';
import { effectiveBrief } from '../writing/book-brief';

/** Gen 2.0: the author's book brief, set in the outline editor before the book is written. */
export interface EditBrief {
  type: 'EditBrief';
  generationId: string;
  userId: string;
  /** A field left blank takes its default again (read from the title and the description). */
  brief: Partial<BookBrief>;
}

/** The brief the book would be written with now: the author's last edit, else the request's. */
export function briefOf(state: { brief?: BookBrief; request?: GenerationRequest }): BookBrief | undefined {
  if (state.brief) return state.brief;
  const request = state.request;
  return request?.kind === 'non-fiction-v2' || request?.kind === 'non-fiction'
    ? effectiveBrief(request.input)
    : undefined;
}

/**
 * Decided once the generation's decider has checked the outlines may still change (the owner's,
 * ready, no book started): the whole brief as it will be used, or nothing when it is the same.
 */
export function decideBriefEdit(
  command: EditBrief,
  state: { brief?: BookBrief; request?: GenerationRequest },
): Emitted<GenerationEvent>[] {
  const current = briefOf(state);
  if (!current || state.request?.kind !== 'non-fiction-v2') return [];
  const brief = effectiveBrief({ ...state.request.input, brief: command.brief });
  if (BRIEF_FIELDS.every((field) => brief[field] === current[field])) return [];
  return [
    {
      type: 'GenerationBriefEdited',
      data: { generationId: command.generationId, userId: command.userId, brief },
    },
  ];
}
