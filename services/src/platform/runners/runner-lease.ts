import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../logging';
import type { ReadStore } from '../readstore/port';

/** How long a lease lives without a heartbeat: a dead instance's runner moves on within this. */
export const RUNNER_LEASE_TTL_MS = 5_000;
/** How often a standby asks for the lease. */
export const STANDBY_POLL_MS = 1_000;

export interface RunnerLeaseOptions {
  /** Absent: RUNNER_LEASE_TTL_MS. The heartbeat renews every third of it. */
  ttlMs?: number;
}

/**
 * One runner instance's claim on its lease in the read store. The holder names this host and
 * process, so that a process of the same host that died (a SIGKILL, a crash) is taken over at once
 * instead of after the TTL; a holder elsewhere, or one whose process still answers, is waited out.
 */
export class RunnerLease {
  readonly holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private token: number | undefined;
  private heartbeat?: NodeJS.Timeout;
  private readonly ttlMs: number;

  constructor(
    private readonly readStore: ReadStore,
    readonly name: string,
    private readonly logger: Logger,
    options: RunnerLeaseOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? RUNNER_LEASE_TTL_MS;
  }

  /** The fencing token while this instance holds the lease: every checkpoint write carries it. */
  get fence(): number | undefined {
    return this.token;
  }

  /** One try. True when this instance holds the lease now; it then renews it until lost or released. */
  async acquire(onLost: () => void): Promise<boolean> {
    const current = await this.readStore.getLease(this.name);
    const dead = current && holderIsGone(current.holder) ? current.holder : undefined;
    const token = await this.readStore.acquireLease({
      name: this.name,
      holder: this.holder,
      ttlMs: this.ttlMs,
      ...(dead ? { deadHolder: dead } : {}),
    });
    this.token = token;
    if (token === undefined) return false;
    this.keep(onLost);
    return true;
  }

  /** Stops renewing and forgets the token (another instance has the lease). */
  forget(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.token = undefined;
  }

  /** A graceful stop frees the lease at once, so a standby takes over without waiting for the TTL. */
  async release(): Promise<void> {
    const held = this.token !== undefined;
    this.forget();
    if (!held) return;
    await this.readStore
      .releaseLease(this.name, this.holder)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, lease: this.name }, 'lease not released; it expires by itself'),
      );
  }

  private keep(onLost: () => void): void {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => void this.renew(onLost), Math.max(10, Math.floor(this.ttlMs / 3)));
    this.heartbeat.unref();
  }

  private async renew(onLost: () => void): Promise<void> {
    const held = this.token;
    if (held === undefined) return;
    try {
      const token = await this.readStore.acquireLease({
        name: this.name,
        holder: this.holder,
        ttlMs: this.ttlMs,
      });
      if (this.token !== held) return; // released or lost meanwhile
      if (token !== held) {
        this.forget();
        onLost();
      }
    } catch (error) {
      // The read store is out: the runner pauses on its own, and the fence refuses a stale write.
      this.logger.warn({ err: error, lease: this.name }, 'lease not renewed; trying again');
    }
  }
}

/** Whether the holder is a process of this host that no longer exists. */
function holderIsGone(holder: string): boolean {
  const [host, pid] = holder.split('/');
  const id = Number(pid);
  if (host !== hostname() || !Number.isInteger(id) || id <= 0 || id === process.pid) return false;
  try {
    process.kill(id, 0);
    return false;
  } catch (error) {
    // EPERM: it exists under another user.
    return (error as { code?: unknown }).code === 'ESRCH';
  }
}
