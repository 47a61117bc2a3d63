import type { DomainEvent, GenerationKind, GenerationPhase, RecordedEvent } from '@studio/events';
import type { Outgoing } from '../platform/runners/relay';

/** The bus topic that carries paid generation jobs to the workers. */
export const JOBS_TOPIC = 'generation-jobs';
/**
 * Free rebuilds of edited books have a lane of their own, one rebuild at a time per worker
 * process, so that a loop of edits never takes the workers of paid jobs. Its messages are keyed
 * by the account: the bus delivers a key's messages one after another, so an account's rebuilds
 * run one at a time across every worker, whatever the API let through.
 */
export const REBUILDS_TOPIC = 'book-rebuilds';

/** Where a job of this phase goes, and its key. */
export const laneOf = (job: Pick<JobMessage, 'phase' | 'generationId' | 'userId'>) =>
  job.phase === 'rebuild'
    ? { topic: REBUILDS_TOPIC, key: job.userId }
    : { topic: JOBS_TOPIC, key: job.generationId };

/**
 * A job message: which generation, which phase. Everything else, the request first, is in the
 * generation stream.
 */
export interface JobMessage {
  generationId: string;
  userId: string;
  kind: GenerationKind;
  phase: GenerationPhase;
  correlationId: string;
}

/** The events jobsFor turns into jobs (the relay passes over every other one cheaply). */
export const JOB_EVENT_TYPES = [
  'GenerationQueued',
  'GenerationReleased',
  'GenerationOutlineChosen',
  'GenerationOutlinesRewriteRequested',
  'GenerationEdited',
  'GenerationResumed',
] as const;

/**
 * What the relay publishes: a job per queued request, the book phase once an outline is chosen,
 * the outline phase again when new outlines are asked for, a failed job's phase again when its
 * owner continues it, and a rebuild (on its own lane) once a
 * finished book is edited.
 */
export function jobsFor(recorded: RecordedEvent): Outgoing[] {
  // The log is untyped at this boundary; the event's type names its data.
  const event = recorded as RecordedEvent<DomainEvent>;
  const job = (value: JobMessage): Outgoing[] => {
    const { topic, key } = laneOf(value);
    return [{ topic, message: { key, value, headers: { eventId: event.eventId } } }];
  };
  if (event.type === 'GenerationQueued') {
    const { generationId, userId, kind } = event.data;
    return job({ generationId, userId, kind, phase: 'main', correlationId: event.metadata.correlationId });
  }
  if (event.type === 'GenerationReleased') {
    // An abandoned attempt is queued again.
    const { generationId, userId, kind, phase } = event.data as {
      generationId: string;
      userId: string;
      kind: GenerationKind;
      phase: GenerationPhase;
    };
    return job({ generationId, userId, kind, phase, correlationId: event.metadata.correlationId });
  }
  if (event.type === 'GenerationOutlineChosen') {
    const { generationId } = event.data;
    return job({
      generationId,
      userId: event.metadata.userId ?? '',
      kind: 'non-fiction-v2',
      phase: 'book',
      correlationId: event.metadata.correlationId,
    });
  }
  if (event.type === 'GenerationOutlinesRewriteRequested') {
    // New outlines: the outline phase once more.
    const { generationId, userId, kind } = event.data;
    return job({ generationId, userId, kind, phase: 'main', correlationId: event.metadata.correlationId });
  }
  if (event.type === 'GenerationResumed') {
    // A failed job continued by its owner: the phase it failed in, from its recorded parts.
    const { generationId, userId, kind, phase } = event.data;
    return job({ generationId, userId, kind, phase, correlationId: event.metadata.correlationId });
  }
  if (event.type === 'GenerationEdited') {
    const { generationId, userId, kind } = event.data;
    return job({ generationId, userId, kind, phase: 'rebuild', correlationId: event.metadata.correlationId });
  }
  return [];
}
