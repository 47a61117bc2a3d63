import type {
  DomainEvent,
  GenerationKind,
  GenerationPhase,
  GenerationRequest,
  RecordedEvent,
} from '@studio/events';
import type { Outgoing } from '../platform/runners/relay';

/** The bus topic that carries generation jobs to the workers. */
export const JOBS_TOPIC = 'generation-jobs';

/** A job message: which generation, which phase. Everything else is in the event store. */
export interface JobMessage {
  generationId: string;
  userId: string;
  kind: GenerationKind;
  phase: GenerationPhase;
  /** The request (main phase); the book phase reads it from the generation stream. */
  request?: GenerationRequest;
  correlationId: string;
}

/** The events jobsFor turns into jobs (the relay passes over every other one cheaply). */
export const JOB_EVENT_TYPES = [
  'GenerationRequested',
  'GenerationReleased',
  'GenerationOutlineChosen',
  'GenerationEdited',
] as const;

/**
 * What the relay publishes: a job per request, the book phase once an outline is chosen, and a
 * rebuild once a finished book is edited.
 */
export function jobsFor(recorded: RecordedEvent): Outgoing[] {
  // The log is untyped at this boundary; the event's type names its data.
  const event = recorded as RecordedEvent<DomainEvent>;
  const job = (value: JobMessage): Outgoing[] => [
    { topic: JOBS_TOPIC, message: { key: value.generationId, value, headers: { eventId: event.eventId } } },
  ];
  if (event.type === 'GenerationRequested') {
    const { generationId, userId, cost: _cost, ...request } = event.data;
    return job({
      generationId,
      userId,
      kind: request.kind,
      request,
      phase: 'main',
      correlationId: event.metadata.correlationId,
    });
  }
  if (event.type === 'GenerationReleased') {
    // An abandoned attempt is queued again; the input is in the generation stream.
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
  if (event.type === 'GenerationEdited') {
    const { generationId, userId, kind } = event.data;
    return job({ generationId, userId, kind, phase: 'rebuild', correlationId: event.metadata.correlationId });
  }
  return [];
}
