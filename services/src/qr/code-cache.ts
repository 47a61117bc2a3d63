import { qrStream } from '@studio/events';
import { LRUCache } from 'lru-cache';
import type { EventStore, SubscriptionHandle } from '../platform/eventstore/port';
import type { Logger } from '../platform/logging';
import { loadQrCode } from './commands';
import type { QrCodeState } from './decider';

/** Pause before a failed subscription is opened again (the cache reads through meanwhile). */
const RESUBSCRIBE_MS = 500;
const QR_STREAM_PREFIX = qrStream('');

/**
 * The public routes' view of codes, kept in memory so a scan or a landing load reads no stream.
 * An entry is dropped as soon as any event of its `qr-{id}` stream is appended — by this process
 * (the owner's routes call `forget` after a command) or by any other (a live subscription to the
 * log). Scans and signups live on `qractivity-{id}` and never touch it. While the subscription is
 * down (engine failure) nothing is cached: every request reads the stream, as before.
 */
export class QrCodeCache {
  private entries = new LRUCache<string, QrCodeState>({ max: 10_000 });
  /** Bumped by every forget: a load that started before an event must not store what it read. */
  private generations = new Map<string, number>();
  private subscription?: SubscriptionHandle;
  private starting?: Promise<void>;
  private retry?: NodeJS.Timeout;
  private live = false;
  private stopped = false;

  constructor(private readonly deps: { eventStore: EventStore; logger: Pick<Logger, 'warn'> }) {}

  async get(qrId: string): Promise<QrCodeState> {
    const cached = this.entries.get(qrId);
    if (cached) return cached;
    await this.ensureLive();
    const generation = this.generations.get(qrId) ?? 0;
    const state = await loadQrCode(this.deps.eventStore, qrId);
    if (this.live && (this.generations.get(qrId) ?? 0) === generation) this.entries.set(qrId, state);
    return state;
  }

  /** The code as held in memory, or undefined when it would have to be read (no I/O, never waits). */
  peek(qrId: string): QrCodeState | undefined {
    return this.entries.get(qrId);
  }

  /** The code's stream changed (or may have): the next read goes to the store. */
  forget(qrId: string): void {
    this.entries.delete(qrId);
    // Only ids with a load in flight need a generation; keep the map small for the rest.
    this.generations.set(qrId, (this.generations.get(qrId) ?? 0) + 1);
    if (this.generations.size > 10_000) this.generations.clear();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    if (this.retry) clearTimeout(this.retry);
    await this.starting;
    await this.subscription?.stop();
    this.subscription = undefined;
    this.entries.clear();
  }

  /** Subscribes from the head on first use, so only events appended from now on invalidate. */
  private ensureLive(): Promise<void> {
    if (this.live || this.stopped) return Promise.resolve();
    this.starting ??= (async () => {
      try {
        const after = await this.deps.eventStore.headPosition();
        if (this.stopped) return;
        this.subscription = this.deps.eventStore.subscribeToAll(
          { ...(after !== undefined ? { after } : {}), onError: (error) => this.lost(error) },
          async (event) => {
            if (event.streamName.startsWith(QR_STREAM_PREFIX))
              this.forget(event.streamName.slice(QR_STREAM_PREFIX.length));
          },
        );
        // Anything cached before this point was read without invalidation: start empty.
        this.entries.clear();
        this.live = true;
      } catch (error) {
        this.lost(error);
      } finally {
        this.starting = undefined;
      }
    })();
    return this.starting;
  }

  private lost(error: unknown): void {
    this.live = false;
    this.entries.clear();
    const subscription = this.subscription;
    this.subscription = undefined;
    void subscription?.stop();
    if (this.stopped) return;
    this.deps.logger.warn({ err: error }, 'QR code cache lost its subscription; reading through');
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.ensureLive(), RESUBSCRIBE_MS);
    this.retry.unref?.();
  }
}
