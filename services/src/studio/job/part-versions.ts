import { isDeepStrictEqual } from 'node:util';
import type { ArtifactRef } from '@studio/events';
import {
  type AiUsage,
  chapterIndexOf,
  type GenerationFailureCode,
  type GenerationKind,
  type GenerationStatus,
  PART_REGENERATION_DEADLINE_MS,
  type PartId,
  type PartValue,
  type PartVersionEvent,
  picturePartOf,
} from '@studio/events';
import type { Emitted } from '../../platform/decider';
import { DomainError } from '../../platform/errors';
import type { BookEdition } from '../book-edition';
import { originalPicture } from '../part-pictures';
import { currentTextPart, listingWithField } from '../part-texts';

/**
 * Regenerating one part of a finished book with the author's note, on the book's own stream: the
 * request (before its debit, so that two requests of one part are never both charged), the new
 * version or the failure (refunded), and every version kept. Picking a version is an edit of the
 * book (`EditBook`), which rebuilds its files for free.
 */

/** One version of a part: the original is version 1. */
export interface PartVersion {
  version: number;
  value: PartValue;
  instruction?: string;
  /** When it was made (the original: when it was first replaced). */
  at: string;
}

/** A requested regeneration, from its request to its version or failure. */
export interface PartRegeneration {
  part: PartId;
  status: 'pending' | 'done' | 'failed';
  requestedAt: string;
  cost: number;
  instruction?: string;
  version?: number;
  reason?: string;
}

/** What the book's stream knows of its parts' versions. */
export interface PartVersionsState {
  regenerations: Readonly<Record<string, PartRegeneration>>;
  versions: Readonly<Record<string, readonly PartVersion[]>>;
}

/** The book's state these commands read (the generation decider's state has it). */
interface BookState {
  status: GenerationStatus;
  userId?: string;
  request?: { kind: GenerationKind; input: unknown };
  edition?: BookEdition;
  /** The book's files: a picture part's own is among them. */
  artifacts?: readonly ArtifactRef[];
  /** A text result (a KDP listing's fields) that a chosen version changes. */
  result?: Record<string, unknown>;
  partVersions?: PartVersionsState;
}

export type PartVersionCommand =
  /** `at`: now, which also tells a stale request of the same part (see PART_REGENERATION_DEADLINE_MS). */
  | {
      type: 'RegeneratePart';
      generationId: string;
      userId: string;
      regenerationId: string;
      part: PartId;
      instruction?: string;
      cost: number;
      at: string;
    }
  | {
      type: 'RecordPartVersion';
      generationId: string;
      regenerationId: string;
      value: PartValue;
      at: string;
      usage?: AiUsage[];
    }
  | {
      type: 'FailPartRegeneration';
      generationId: string;
      regenerationId: string;
      code: GenerationFailureCode;
      reason: string;
      usage?: AiUsage[];
    }
  /** A version of a listing's field put in the listing (a book's parts go in by `EditBook`). */
  | { type: 'ChoosePartVersion'; generationId: string; part: PartId; version: number };

const EMPTY: PartVersionsState = { regenerations: {}, versions: {} };

/** The part as the book (or listing) has it now; a part it does not have is not found. */
export function currentPart(state: Omit<BookState, 'status'>, part: string): PartValue {
  const index = chapterIndexOf(part);
  if (index === undefined) {
    const text = currentTextPart(state, part);
    if (!text) throw new DomainError('NOT_FOUND', 'The book has no such part');
    return text;
  }
  const chapter = state.edition?.chapters?.[index];
  if (!chapter) throw new DomainError('NOT_FOUND', 'The book has no such part');
  return { title: chapter.title, paragraphs: [...chapter.paragraphs] };
}

export function decidePartVersions(
  command: PartVersionCommand,
  state: BookState,
): Emitted<PartVersionEvent>[] {
  const { regenerations, versions } = state.partVersions ?? EMPTY;
  switch (command.type) {
    case 'RegeneratePart': {
      if (state.userId !== command.userId) throw new DomainError('NOT_FOUND', 'Book not found');
      // The same request again (its Idempotency-Key): nothing new, whatever became of it.
      if (regenerations[command.regenerationId]) return [];
      if (!state.request || (state.status !== 'completed' && !state.status.startsWith('rebuild')))
        throw new DomainError('CONFLICT', 'A part can be written again once the book is done');
      const original = originalOf(state, command.part);
      const { generationId, userId, regenerationId, part, instruction, cost, at } = command;
      const events: Emitted<PartVersionEvent>[] = [];
      for (const [id, other] of Object.entries(regenerations)) {
        if (other.part !== part || other.status !== 'pending') continue;
        if (Date.parse(at) - Date.parse(other.requestedAt) < PART_REGENERATION_DEADLINE_MS)
          throw new DomainError(
            'CONFLICT',
            'This part is already being written again; wait for it to finish',
          );
        events.push(failed(generationId, userId, id, part, 'TIMEOUT', 'It took too long and was stopped.'));
      }
      events.push({
        type: 'GenerationPartRegenerationRequested',
        data: {
          generationId,
          userId,
          kind: state.request.kind,
          regenerationId,
          part,
          ...(instruction ? { instruction } : {}),
          cost,
          ...(versions[part]?.length ? {} : { original }),
        },
      });
      return events;
    }
    case 'RecordPartVersion': {
      const regeneration = regenerations[command.regenerationId];
      // Only a pending one: a regeneration replaced after its deadline keeps its refund instead.
      if (regeneration?.status !== 'pending') return [];
      return [
        {
          type: 'GenerationPartVersionRecorded',
          data: {
            generationId: command.generationId,
            regenerationId: command.regenerationId,
            part: regeneration.part,
            version: (versions[regeneration.part]?.length ?? 0) + 1,
            value: command.value,
            ...(command.usage?.length ? { usage: command.usage } : {}),
          },
        },
      ];
    }
    case 'FailPartRegeneration': {
      const regeneration = regenerations[command.regenerationId];
      if (regeneration?.status !== 'pending' || !state.userId) return [];
      const { generationId, regenerationId, code, reason, usage } = command;
      return [failed(generationId, state.userId, regenerationId, regeneration.part, code, reason, usage)];
    }
    case 'ChoosePartVersion': {
      const chosen = versions[command.part]?.find((v) => v.version === command.version);
      if (!chosen) throw new DomainError('VALIDATION', 'Choose one of the versions of this part');
      const result = listingWithField(state.result, command.part, chosen.value);
      // Already what the listing says: nothing changes.
      if (isDeepStrictEqual(result, state.result)) return [];
      return [
        {
          type: 'GenerationPartVersionChosen',
          data: { generationId: command.generationId, part: command.part, version: command.version, result },
        },
      ];
    }
  }
}

/** Version 1 of a part: a chapter as the book has it, a picture as the book was made with it. */
function originalOf(state: BookState, part: string): PartValue {
  if (picturePartOf(part) === undefined) return currentPart(state, part);
  const picture = originalPicture(state.artifacts, part);
  if (!picture) throw new DomainError('NOT_FOUND', 'The book has no such part');
  return picture;
}

const failed = (
  generationId: string,
  userId: string,
  regenerationId: string,
  part: PartId,
  code: GenerationFailureCode,
  reason: string,
  usage?: AiUsage[],
): Emitted<PartVersionEvent> => ({
  type: 'GenerationPartRegenerationFailed',
  data: { generationId, userId, regenerationId, part, code, reason, ...(usage?.length ? { usage } : {}) },
});

export function evolvePartVersions<S extends BookState>(state: S, event: PartVersionEvent): S {
  const current = state.partVersions ?? EMPTY;
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'GenerationPartRegenerationRequested': {
      const { regenerationId, part, instruction, cost, original } = event.data;
      return {
        ...state,
        partVersions: {
          regenerations: {
            ...current.regenerations,
            [regenerationId]: {
              part,
              status: 'pending',
              requestedAt: at,
              cost,
              ...(instruction ? { instruction } : {}),
            },
          },
          versions: original
            ? { ...current.versions, [part]: [{ version: 1, value: original, at }] }
            : current.versions,
        },
      };
    }
    case 'GenerationPartVersionRecorded': {
      const { regenerationId, part, version, value } = event.data;
      const regeneration = current.regenerations[regenerationId];
      if (!regeneration) return state;
      return {
        ...state,
        partVersions: {
          regenerations: {
            ...current.regenerations,
            [regenerationId]: { ...regeneration, status: 'done', version },
          },
          versions: {
            ...current.versions,
            [part]: [
              ...(current.versions[part] ?? []),
              {
                version,
                value,
                at,
                ...(regeneration.instruction ? { instruction: regeneration.instruction } : {}),
              },
            ],
          },
        },
      };
    }
    case 'GenerationPartVersionChosen':
      return { ...state, result: event.data.result };
    case 'GenerationPartRegenerationFailed': {
      const regeneration = current.regenerations[event.data.regenerationId];
      if (!regeneration) return state;
      return {
        ...state,
        partVersions: {
          ...current,
          regenerations: {
            ...current.regenerations,
            [event.data.regenerationId]: { ...regeneration, status: 'failed', reason: event.data.reason },
          },
        },
      };
    }
  }
}
