import type { Logger } from '../logging';
import { type Cause, causeOf, detail, EngineStartError, hostsOf } from './failure';
import { probeHost } from './probe';

export interface EngineTarget {
  /** The variable that configured it (EVENT_STORE_URL…), named in the message. */
  variable: string;
  /** The engine's product name (KurrentDB, MongoDB, Kafka). */
  engine: string;
  url: string;
  /** Whether the connection string asks for TLS (the network probe then tries a handshake). */
  tls: boolean;
}

export interface RetryPolicy {
  attempts: number;
  /** One attempt that has not answered by then counts as failed ("timed out"). */
  attemptTimeoutMs?: number;
  /** First pause; it doubles after each failure, up to maxDelayMs. */
  delayMs: number;
  maxDelayMs?: number;
}

/** Causes that another attempt will not cure. */
const FINAL: ReadonlySet<Cause> = new Set(['authentication failed', 'TLS handshake failed']);

/**
 * Opens an engine with bounded retries and back-off (compose may start us before the engine
 * answers). If it stays unreachable, throws an EngineStartError whose message is one line:
 * `VARIABLE: cannot reach Engine at host:port (cause) after N attempts`.
 */
export async function connectWithRetry<T>(
  target: EngineTarget,
  policy: RetryPolicy,
  /** Opens the engine; `onAbandon` registers how to close what an attempt that timed out left open. */
  open: (onAbandon: (close: () => Promise<unknown>) => void) => Promise<T>,
  logger?: Logger,
): Promise<T> {
  let last: unknown;
  let attempt = 0;
  while (attempt < policy.attempts) {
    attempt += 1;
    try {
      return await withTimeout(open, policy.attemptTimeoutMs ?? 10_000);
    } catch (error) {
      if (error instanceof EngineStartError) throw error;
      last = error;
      const cause = causeOf(error);
      if (cause && FINAL.has(cause)) break;
      if (attempt < policy.attempts) {
        const pause = Math.min(policy.delayMs * 2 ** (attempt - 1), policy.maxDelayMs ?? 5000);
        logger?.warn(
          { variable: target.variable, attempt, cause: cause ?? detail(error) },
          `${target.engine} not reachable yet; retrying in ${pause} ms`,
        );
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }
  const hosts = hostsOf(target.url);
  const firstHost = hosts.split(',')[0] ?? hosts;
  // A timeout says little: ask the network ourselves (it may be DNS, a refusal or a TLS mismatch).
  const told = causeOf(last);
  const cause =
    told && told !== 'timed out' ? told : ((await probeHost(firstHost, target.tls)) ?? told ?? detail(last));
  const tries = attempt === 1 ? '1 attempt' : `${attempt} attempts`;
  throw new EngineStartError(
    `${target.variable}: cannot reach ${target.engine} at ${hosts} (${cause}) after ${tries}`,
  );
}

class AttemptTimedOut extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no answer within ${ms} ms (timed out)`);
  }
}

/** Runs one attempt; past the deadline it fails, and whatever the attempt opened is closed. */
async function withTimeout<T>(
  open: (onAbandon: (close: () => Promise<unknown>) => void) => Promise<T>,
  ms: number,
): Promise<T> {
  const closers: Array<() => Promise<unknown>> = [];
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      for (const close of closers) void close().catch(() => {});
      reject(new AttemptTimedOut(ms));
    }, ms);
  });
  try {
    return await Promise.race([open((close) => closers.push(close)), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a MongoDB or KurrentDB connection string asks for TLS. */
export function wantsTls(url: string): boolean {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  if (url.startsWith('kurrentdb') || url.startsWith('esdb')) return query.get('tls') !== 'false';
  return url.startsWith('mongodb+srv:') || query.get('tls') === 'true' || query.get('ssl') === 'true';
}

/** Adds a query parameter unless the operator set it already. */
export function withDefaultParam(url: string, name: string, value: string): string {
  const [base, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  if (params.has(name)) return url;
  params.set(name, value);
  return `${base}?${params.toString()}`;
}
