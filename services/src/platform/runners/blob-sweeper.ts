import type { BlobStore } from '../blobs/port';
import type { Clock } from '../clock';
import type { Logger } from '../logging';
import type { ReadStore } from '../readstore/port';
import { RunnerLease } from './runner-lease';

/** A context's say over the blobs it names: which of them nothing references any more. */
export interface BlobReferences {
  /** The blob ids this context names (`gen-…`, `qr-img-…`); the sweep leaves every other alone. */
  owns(id: string): boolean;
  /**
   * Of these ids (all written before the grace period), those nothing references: the sweep
   * deletes them. It may first record what it gives up (storage counted for an account). It
   * answers none when it cannot tell (its read model behind the log).
   */
  unreferenced(ids: string[]): Promise<string[]>;
}

export interface BlobSweepOptions {
  /** Only blobs last written longer ago than this are looked at: one being written never is. */
  graceMs: number;
  /** Time between sweeps. */
  intervalMs: number;
}

/** Ids handed to a context at once. */
const BATCH = 500;

/**
 * Deletes blobs nothing references any more: the upload of a request whose append never happened
 * (a crash between the two), the files of a job that failed where its refund's clean-up could not
 * reach them, a QR image no code uses. Runs in the worker role, one instance at a time across the
 * deployment (a lease in the read store), every `intervalMs`; a blob written within `graceMs` is
 * never even listed, so a blob being written, whose reference is about to be recorded, is safe.
 */
export class BlobSweeper {
  private readonly lease: RunnerLease;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(
    private readonly deps: { blobs: BlobStore; readStore: ReadStore; clock: Clock; logger: Logger },
    private readonly owners: BlobReferences[],
    private readonly options: BlobSweepOptions,
  ) {
    this.lease = new RunnerLease(deps.readStore, 'blob-sweeper', deps.logger);
  }

  start(): { stop(): Promise<void> } {
    this.timer = setInterval(() => {
      this.sweeping ??= this.sweep()
        .catch((error: unknown) => this.deps.logger.error({ err: error }, 'blob sweep failed'))
        .finally(() => {
          this.sweeping = undefined;
        });
    }, this.options.intervalMs);
    this.timer.unref();
    return { stop: () => this.stop() };
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /**
   * One sweep, if no other instance is sweeping: every blob older than the grace period goes to
   * the context that names it, in batches; what it calls unreferenced is deleted. Returns the ids
   * deleted (none when another instance holds the lease).
   */
  async sweep(): Promise<string[]> {
    let lost = false;
    if (!(await this.lease.acquire(() => (lost = true)))) return [];
    const deleted: string[] = [];
    let bytes = 0;
    try {
      const before = new Date(this.deps.clock.now().getTime() - this.options.graceMs);
      const batches = new Map<BlobReferences, Array<{ id: string; size: number }>>();
      const flush = async (owner: BlobReferences) => {
        const batch = batches.get(owner) ?? [];
        batches.set(owner, []);
        if (batch.length === 0 || lost) return;
        const gone = new Set(await owner.unreferenced(batch.map((b) => b.id)));
        for (const blob of batch) {
          if (!gone.has(blob.id) || lost) continue;
          await this.deps.blobs.delete(blob.id);
          deleted.push(blob.id);
          bytes += blob.size;
        }
      };
      for await (const blob of this.deps.blobs.list(before)) {
        const owner = this.owners.find((o) => o.owns(blob.id));
        if (!owner) continue;
        const batch = batches.get(owner) ?? [];
        batches.set(owner, batch);
        batch.push({ id: blob.id, size: blob.size });
        if (batch.length >= BATCH) await flush(owner);
      }
      for (const owner of this.owners) await flush(owner);
      if (deleted.length > 0)
        this.deps.logger.info({ blobs: deleted.length, bytes }, 'blob sweep deleted unreferenced blobs');
      return deleted;
    } finally {
      await this.lease.release();
    }
  }
}
