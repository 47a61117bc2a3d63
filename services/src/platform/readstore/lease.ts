/**
 * Leases that keep one instance of a runner (a projection, the relay, a process manager) active at
 * a time, with a fencing token: every checkpoint write names the token it holds, and the read
 * store refuses it once another instance has taken the lease (docs/backend.md, "One runner at a time").
 */

/** Where adapters keep the leases, one document per runner name. */
export const LEASES = '_leases';

export interface LeaseRequest {
  /** The runner's checkpoint name: the lease fences the checkpoint of the same name. */
  name: string;
  /** Unique per runner instance: a restarted process is a new holder and gets a new token. */
  holder: string;
  ttlMs: number;
  /** A holder the caller knows to be dead (a process of this host that is gone): taken over without waiting. */
  deadHolder?: string;
}

export interface LeaseState {
  /** Empty once released. */
  holder: string;
  token: number;
  /** Milliseconds since the epoch, on the clock of the adapter (the server's clock for PostgreSQL). */
  expiresAt: number;
}

/** A fenced checkpoint write from an instance whose lease another instance has taken since. */
export class LeaseLostError extends Error {
  readonly code = 'FENCED';
  constructor(name: string, token: number | undefined) {
    super(`The lease "${name}" is no longer held with token ${token}: another instance took over`);
    this.name = 'LeaseLostError';
  }
}

export function isLeaseLost(error: unknown): boolean {
  return error instanceof LeaseLostError || (error as { code?: unknown } | null)?.code === 'FENCED';
}

/**
 * The lease after a request, or undefined when another live holder keeps it. The token stays
 * while the same holder renews (nobody else wrote in between) and grows on every change of hands.
 */
export function nextLease(
  current: LeaseState | undefined,
  request: LeaseRequest,
  now: number,
): LeaseState | undefined {
  const ours = current?.holder === request.holder;
  const free =
    !current ||
    current.holder === '' ||
    current.expiresAt <= now ||
    (request.deadHolder !== undefined && current.holder === request.deadHolder);
  if (!ours && !free) return undefined;
  return {
    holder: request.holder,
    token: ours && current ? current.token : (current?.token ?? 0) + 1,
    expiresAt: now + request.ttlMs,
  };
}

/** A stored lease as the port answers it: its fields only, not the document around them. */
export function leaseState(stored: LeaseState | null | undefined): LeaseState | undefined {
  return stored ? { holder: stored.holder, token: stored.token, expiresAt: stored.expiresAt } : undefined;
}
