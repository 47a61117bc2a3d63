import { type RecordedEvent, upcast } from '@studio/events';
import type { EventStore, SubscriptionHandle } from '../eventstore/port';
import type { Logger } from '../logging';
import type { ReadStore } from '../readstore/port';
import { RUNNER_RETRY_MS, type RunnerState } from './projector';

/**
 * Something that acts on events with side effects (publishing to the bus, issuing commands).
 * Its checkpoint advances only after `handle` succeeded, so every event is handled at least
 * once; handlers are idempotent.
 */
export interface Reactor {
  name: string;
  handle(event: RecordedEvent): Promise<void>;
}

export class ReactorRunner {
  private subscription?: SubscriptionHandle;
  private stopped = true;
  private paused = false;
  private retryTimer?: NodeJS.Timeout;
  private position: number | undefined;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly reactor: Reactor,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    const after = await this.readStore.getCheckpoint(this.reactor.name);
    this.position = after;
    this.subscription = this.eventStore.subscribeToAll(
      {
        ...(after !== undefined ? { after } : {}),
        // A failed handler stops the subscription; restart from the checkpoint after a pause.
        onError: (error) => this.pause(error),
      },
      async (event) => {
        await this.reactor.handle(upcast(event));
        await this.readStore.apply([], { name: this.reactor.name, position: event.position });
        this.position = event.position;
      },
    );
    await this.subscription.caughtUp;
  }

  get name(): string {
    return this.reactor.name;
  }

  /** Position of the last event handled (the stored checkpoint). */
  get checkpoint(): number | undefined {
    return this.position;
  }

  get state(): RunnerState {
    return this.stopped ? 'stopped' : this.paused ? 'paused' : 'running';
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.paused = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** A failed handler or engine stops the subscription; restart from the checkpoint after a pause. */
  private pause(error: unknown): void {
    this.logger.warn({ err: error, reactor: this.reactor.name }, 'reactor failed; retrying');
    if (this.stopped) return;
    this.paused = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.restart(), RUNNER_RETRY_MS);
  }

  private async restart(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
    if (this.stopped) return;
    try {
      await this.start();
      this.paused = false;
    } catch (error) {
      // Still unreachable (the checkpoint read failed): try again later rather than give up.
      this.pause(error);
    }
  }
}
