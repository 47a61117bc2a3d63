/**
 * Retries a call the engine refused (as a client answered 503 would) until it goes through; any
 * other error is thrown. With the count of refusals, so a flapping test can show it was refused.
 */
export async function retried<T>(call: () => Promise<T>): Promise<{ result: T; refusals: number }> {
  let refusals = 0;
  for (;;) {
    try {
      return { result: await call(), refusals };
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'UNAVAILABLE') throw error;
      refusals += 1;
    }
  }
}
