import { type RecordedEvent, upcast } from '@studio/events';
import type { EventStore, SubscriptionHandle } from '../eventstore/port';
import type { Logger } from '../logging';
import type { ReadStore } from '../readstore/port';

/**
 * Something that acts on events with side effects (publishing to the bus, issuing commands).
 * Its checkpoint advances only after `handle` succeeded, so every event is handled at least
 * once; handlers are idempotent.
 */
export interface Reactor {
  name: string;
  handle(event: RecordedEvent): Promise<void>;
}

const RETRY_MS = 500;

export class ReactorRunner {
  private subscription?: SubscriptionHandle;
  private stopped = true;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly reactor: Reactor,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    const after = await this.readStore.getCheckpoint(this.reactor.name);
    this.subscription = this.eventStore.subscribeToAll(
      {
        ...(after !== undefined ? { after } : {}),
        // A failed handler stops the subscription; restart from the checkpoint after a pause.
        onError: (error) => {
          this.logger.warn({ err: error, reactor: this.reactor.name }, 'reactor failed; retrying');
          if (!this.stopped) this.retryTimer = setTimeout(() => void this.restart(), RETRY_MS);
        },
      },
      async (event) => {
        await this.reactor.handle(upcast(event));
        await this.readStore.apply([], { name: this.reactor.name, position: event.position });
      },
    );
    await this.subscription.caughtUp;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  private async restart(): Promise<void> {
    await this.subscription?.stop();
    if (!this.stopped) await this.start();
  }
}
