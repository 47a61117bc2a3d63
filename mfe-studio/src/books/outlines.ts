// Gen 2.0 outlines (docs/product/creation-tools-qr.md (Data, States)): the polled answer, which outlines can be chosen, and the
// selection rules of the outline view.
import { isGenerationStatus, type OutlineStage, outlineStage } from '@studio/events';

export const OUTLINE_POLL_MS = 5000;

export interface OutlineRecord {
  id: string;
  /** From the record's status; a record without one is still being written. */
  stage: OutlineStage;
  /** outline1..outline3, in order; null where a text is missing. */
  texts: [string | null, string | null, string | null];
  bookGenerated: boolean;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

function record(raw: unknown): OutlineRecord | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = r.id ?? r.bookId ?? r.outlineId;
  if (typeof id !== 'string' || id === '') return null;
  return {
    id,
    stage: isGenerationStatus(r.generationStatus) ? outlineStage(r.generationStatus) : 'outline-creation',
    texts: [
      text(r.outline1 ?? r.outlineText1),
      text(r.outline2 ?? r.outlineText2),
      text(r.outline3 ?? r.outlineText3),
    ],
    bookGenerated: r.bookGenerated === true,
  };
}

/** The list of outlines (a list, one record, or `{ outlines: [...] }`); malformed entries are left out. */
export function parseOutlines(body: unknown): OutlineRecord[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { outlines?: unknown }).outlines)
      ? (body as { outlines: unknown[] }).outlines
      : [body];
  return list.map(record).filter((r): r is OutlineRecord => r !== null);
}

/** 'Outline finished' is selectable; anything else (outline creation) shows a spinner. */
export const isFinished = (outline: OutlineRecord): boolean => outline.stage === 'outline-finished';

/** The outline view waits (spinner) while no outline is finished — also after a failed fetch. */
export const isWaiting = (outlines: readonly OutlineRecord[] | undefined): boolean =>
  !outlines?.some(isFinished);

/** The outline job failed (its credits are refunded): nothing more will come. */
export const isFailed = (outline: OutlineRecord): boolean => outline.stage === 'error';

/** Polling goes on every 5 s until an outline is finished, failed, or its book already generated. */
export const keepPolling = (outlines: readonly OutlineRecord[] | undefined): boolean =>
  isWaiting(outlines) && !(outlines ?? []).some((o) => o.bookGenerated || isFailed(o));

export interface OutlineChoice {
  outlineId: string;
  outlineIndex: 0 | 1 | 2;
}

/** A choice is possible only on a finished outline with a text at that index, not yet generated. */
export function canChoose(outline: OutlineRecord, index: number): boolean {
  return (
    isFinished(outline) && !outline.bookGenerated && index >= 0 && index <= 2 && outline.texts[index] !== null
  );
}

export const canGenerate = (choice: OutlineChoice | null, inFlight: boolean): boolean =>
  choice !== null && !inFlight;
