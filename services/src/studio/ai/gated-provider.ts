import type { CallGate } from './call-gate';
import { type AiProvider, ProviderBusyError, ProviderUnavailableError, type UsageReport } from './provider';

/** Tries of one call while the provider says it is busy (429), then the job fails. */
const BUSY_TRIES = 8;
/** Tries of one call while the provider fails on its side (5xx, connection), then the job fails. */
const UNAVAILABLE_TRIES = 4;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/** Doubling waits with ±20 % jitter, so jobs that failed together do not retry together. */
const backoff = (attempt: number) =>
  Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/**
 * One job's view of the provider: every call waits for a slot of the process-wide gate in the
 * job's own lane. A 429 pauses the whole gate for its Retry-After (or a doubling backoff) and the
 * call queues again; a 5xx or a lost connection is tried again after a doubling backoff; anything
 * else (a refused prompt, an abort) fails at once, which fails the job. Every call reports what it
 * used to `usage` (the job's meter) unless its caller gave its own.
 */
export function gatedProvider(ai: AiProvider, gate: CallGate, lane: string, usage?: UsageReport): AiProvider {
  async function call<T>(signal: AbortSignal, make: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await gate.run(lane, signal, async () => {
          try {
            return await make();
          } catch (error) {
            // Paused before the slot is handed on, so no waiting call is sent into the same 429.
            if (error instanceof ProviderBusyError) gate.pause(error.retryAfterMs ?? backoff(attempt));
            throw error;
          }
        });
      } catch (error) {
        if (signal.aborted) throw error;
        if (error instanceof ProviderBusyError && attempt < BUSY_TRIES) continue;
        if (error instanceof ProviderUnavailableError && attempt < UNAVAILABLE_TRIES) {
          await sleep(backoff(attempt), signal);
          continue;
        }
        throw error;
      }
    }
  }
  return {
    name: ai.name,
    text: (prompt, options) => call(options.signal, () => ai.text(prompt, { usage, ...options })),
    write: (task, options) => call(options.signal, () => ai.write(task, { usage, ...options })),
    character: (brief, options) => call(options.signal, () => ai.character(brief, { usage, ...options })),
    image: (prompt, options) => call(options.signal, () => ai.image(prompt, { usage, ...options })),
    editImage: (original, prompt, options) =>
      call(options.signal, () => ai.editImage(original, prompt, { usage, ...options })),
  };
}
