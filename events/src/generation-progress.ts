import type { GenerationKind, GenerationStatus } from './generation';
import type { GenerationLifeEvent } from './generation-status';

/** The live progress stream of the signed-in user's generations (server-sent events, `progress`). */
export const GENERATION_EVENTS_PATH = '/api/generations/events';

/** One message of that stream: an event of one of the user's generations. */
export interface GenerationProgressMessage {
  generationId: string;
  type: GenerationLifeEvent['type'];
  /** The status the event brought (`statusAfter`); absent when it left the status as it was. */
  status?: GenerationStatus;
  progress?: number;
  step?: string;
  kind?: GenerationKind;
  /** When it happened (the event's time), for clients and the delivery-lag bench. */
  at: string;
}
