import { failureMessage } from '@studio/events';
import type { GenerationDoc } from '../studio/generations-projection';

/**
 * A failed job's record says why, in words its user can act on, with the refund (never the
 * provider's or the system's own message, which stays in the read model for the admin).
 */
export const failure = (doc: GenerationDoc) =>
  doc.status === 'failed'
    ? {
        error: failureMessage(doc.failureCode, doc.roundCost ?? doc.cost, doc.error),
        failureCode: doc.failureCode ?? 'PROVIDER_ERROR',
      }
    : {};
