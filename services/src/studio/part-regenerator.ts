import {
  type ChapterVersion,
  chapterIndexOf,
  type DomainEvent,
  generationStream,
  type PartValue,
  picturePartOf,
  type RecordedEvent,
} from '@studio/events';
import type { DeliveredMessage } from '../platform/bus/port';
import type { CommandContext } from '../platform/command-handler';
import type { Outgoing } from '../platform/runners/relay';
import type { CallGate } from './ai/call-gate';
import { gatedProvider } from './ai/gated-provider';
import { DEFAULT_PRICES } from './ai/prices';
import { UsageMeter } from './ai/usage-meter';
import type { BookEdition } from './book-edition';
import { generationDecider } from './generation';
import { currentPart } from './job/part-versions';
import { failureCode } from './job-outcome';
import { writeTextPartAgain } from './part-texts';
import { drawPictureAgain } from './picture-redraw';
import type { WorkerDeps } from './worker-deps';
import { DEMO_NOTE } from './writing/offline-writer';

/**
 * Paid regenerations of one part of a finished book go to the workers on a lane of their own,
 * keyed by the book: one part of a book is written at a time, and never in a book job's place.
 */
export const PART_REGENERATIONS_TOPIC = 'part-regenerations';

/** The event that starts a regeneration: its debit (work starts once it is paid). */
export const PART_REGENERATION_EVENT_TYPES = ['CreditsDebited'] as const;

export interface PartRegenerationMessage {
  regenerationId: string;
  bookId: string;
  userId: string;
  correlationId: string;
}

/** What the relay publishes for a paid regeneration; nothing for any other debit. */
export function partRegenerationsFor(recorded: RecordedEvent): Outgoing[] {
  const event = recorded as RecordedEvent<DomainEvent>;
  if (event.type !== 'CreditsDebited' || !event.data.bookId) return [];
  const value: PartRegenerationMessage = {
    regenerationId: event.data.generationId,
    bookId: event.data.bookId,
    userId: event.metadata.userId ?? '',
    correlationId: event.metadata.correlationId,
  };
  return [
    {
      topic: PART_REGENERATIONS_TOPIC,
      message: { key: value.bookId, value, headers: { eventId: event.eventId } },
    },
  ];
}

/** A part is written (a picture drawn) well within this; past it the regeneration fails and is refunded. */
const PART_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * Writes the part again with the author's note and records it as a new version, or records the
 * failure (which the refund process manager refunds). A message for a regeneration that is no
 * longer pending (delivered twice, replaced after its deadline) does nothing.
 */
export function createPartRegenerator(
  deps: Pick<WorkerDeps, 'commands' | 'ai' | 'clock' | 'logger' | 'prices' | 'blobs'>,
  gate: CallGate,
): (message: DeliveredMessage<PartRegenerationMessage>) => Promise<void> {
  return async (message) => {
    const { regenerationId, bookId, userId, correlationId } = message.value;
    const stream = generationStream(bookId);
    const context = (): CommandContext => ({
      at: deps.clock.now().toISOString(),
      correlationId,
      causationId: message.headers?.eventId ?? regenerationId,
      userId,
    });
    const { state } = await deps.commands.load(stream, generationDecider);
    const regeneration = state.partVersions?.regenerations[regenerationId];
    if (regeneration?.status !== 'pending' || !state.request) return;
    const meter = new UsageMeter(deps.prices ?? DEFAULT_PRICES, () => {});
    const ai = gatedProvider(deps.ai, gate, bookId, meter.report);
    try {
      const { part, instruction } = regeneration;
      const value =
        picturePartOf(part) !== undefined
          ? await drawPictureAgain(
              { ai, blobs: deps.blobs },
              state,
              bookId,
              regenerationId,
              part,
              instruction,
              AbortSignal.timeout(PART_TIMEOUT_MS),
            )
          : chapterIndexOf(part) === undefined
            ? await writeTextPartAgain(
                ai,
                state,
                part,
                instruction,
                state.partVersions?.versions[part]?.[0]?.value,
                AbortSignal.timeout(PART_TIMEOUT_MS),
              )
            : await writeChapterAgain(
                ai,
                state.edition,
                'description' in state.request.input ? state.request.input.description : '',
                part,
                instruction,
              );
      await deps.commands.handle(
        stream,
        generationDecider,
        {
          type: 'RecordPartVersion',
          generationId: bookId,
          regenerationId,
          value,
          at: deps.clock.now().toISOString(),
          usage: meter.take(),
        },
        context(),
      );
    } catch (error) {
      deps.logger.warn({ err: error, generationId: bookId, regenerationId }, 'part regeneration failed');
      await deps.commands.handle(
        stream,
        generationDecider,
        {
          type: 'FailPartRegeneration',
          generationId: bookId,
          regenerationId,
          code: failureCode(error),
          reason:
            chapterIndexOf(regeneration.part) === undefined
              ? 'The picture could not be drawn again. Your credits have been refunded.'
              : 'The writer could not write this part again. Your credits have been refunded.',
          usage: meter.take(),
        },
        context(),
      );
    }
  };
}

/** A chapter written again from the text it has now, as the book's writer wrote the others. */
async function writeChapterAgain(
  ai: WorkerDeps['ai'],
  edition: BookEdition | undefined,
  description: string,
  part: string,
  instruction: string | undefined,
): Promise<PartValue> {
  const index = chapterIndexOf(part) ?? 0;
  const current = currentPart({ ...(edition ? { edition } : {}) }, part) as ChapterVersion;
  const chapter = edition?.chapters?.[index];
  const introduction = !chapter?.label;
  const number = Number(/\d+/.exec(chapter?.label ?? '')?.[0] ?? index + 1);
  // Its first paragraph says what it covers (the offline writer's says so with a demo note).
  const summary = (current.paragraphs[0] ?? current.title).replace(` (${DEMO_NOTE})`, '').slice(0, 1000);
  const written = await ai.write(
    {
      task: 'chapter',
      brief: {
        bookTitle: edition?.title ?? '',
        description,
        chapter: { title: current.title, summary },
        number: introduction ? 0 : number,
        total: edition?.chapters?.filter((c) => c.label).length ?? 1,
        ...(introduction ? { introduction: true } : {}),
        rewrite: { current, ...(instruction ? { instruction } : {}) },
      },
    },
    { signal: AbortSignal.timeout(PART_TIMEOUT_MS) },
  );
  return { title: written.title, paragraphs: written.paragraphs };
}
