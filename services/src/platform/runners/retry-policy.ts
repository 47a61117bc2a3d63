/** How often a runner tries one event before parking it, and how long it waits in between. */
export interface RetryPolicy {
  /** Tries in total, the first included. */
  maxAttempts: number;
  /** Wait before the second try; doubled before each further one. */
  baseDelayMs: number;
  /** Upper bound of one wait. */
  maxDelayMs: number;
}

/** The wait before try number `attempt + 1`. */
export function backoffMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
