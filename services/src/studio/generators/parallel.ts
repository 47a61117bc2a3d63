import { setMaxListeners } from 'node:events';

/**
 * Makes every item's part at once and returns the results in the items' order. Each call still
 * waits for its turn at the provider's gate (ai/call-gate.ts), so "at once" means as fast as the
 * configured concurrency allows. The first failure aborts the others (their `signal`) and is the
 * error thrown, once every part has settled; `finished` is told how many parts are done after each.
 */
export async function inParallel<I, R>(
  items: readonly I[],
  signal: AbortSignal,
  make: (item: I, index: number, signal: AbortSignal) => Promise<R>,
  finished: (done: number, total: number) => Promise<void> = async () => {},
): Promise<R[]> {
  const parts = new AbortController();
  // Every part's calls listen on this one signal (dozens for a big book): that is not a leak.
  setMaxListeners(0, parts.signal);
  const abort = () => parts.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  let done = 0;
  let failure: { error: unknown } | undefined;
  try {
    const settled = await Promise.allSettled(
      items.map(async (item, index) => {
        try {
          const result = await make(item, index, parts.signal);
          done += 1;
          await finished(done, items.length);
          return result;
        } catch (error) {
          if (!failure) {
            failure = { error };
            parts.abort(error);
          }
          throw error;
        }
      }),
    );
    if (failure) throw failure.error;
    return settled.map((s) => (s as PromiseFulfilledResult<R>).value);
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
