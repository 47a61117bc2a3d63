import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendStreamState,
  BACKWARDS,
  END,
  excludeSystemEvents,
  type JSONType,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  type ReadPosition,
  type ResolvedEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, RecordedEvent } from '@studio/events';
import { caughtUpSignal } from './polling-subscription';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type SubscriptionHandle,
  WrongExpectedRevisionError,
} from './port';

/**
 * The distributed event store on KurrentDB (EventStoreDB's successor).
 *
 * Our numeric position is the event's commit position in the transaction log. For events written
 * by ordinary appends (no explicit transactions) KurrentDB gives every event its own commit
 * position (= its prepare position), so positions are unique and strictly increasing, and
 * `{ commit: p, prepare: p }` is a valid place to resume from. Reading $all from a position is
 * inclusive in KurrentDB while our `after` is exclusive, so events at or before `after` are dropped.
 */
export function createKurrentEventStore(connectionString: string): EventStore {
  const client = KurrentDBClient.connectionString(connectionString);
  const subscriptions = new Set<SubscriptionHandle>();

  const fromAfter = (after: number | undefined): ReadPosition =>
    after === undefined ? START : { commit: BigInt(after), prepare: BigInt(after) };

  async function headPosition(): Promise<number | undefined> {
    for await (const resolved of client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      const event = resolved.event;
      if (event) return Number(event.position.commit);
    }
    return undefined;
  }

  /** The $all position of one stream event (append results may omit it, e.g. for idempotent writes). */
  async function positionOf(streamName: string, revision: number): Promise<number | undefined> {
    for await (const resolved of client.readStream(streamName, {
      fromRevision: BigInt(revision),
      maxCount: 1,
    })) {
      const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
      return commit === undefined ? undefined : Number(commit);
    }
    return undefined;
  }

  return {
    async append(streamName, events, { expectedRevision }) {
      if (events.length === 0) throw new Error('append needs at least one event');
      try {
        const result = await client.appendToStream(
          streamName,
          events.map((e) =>
            jsonEvent({
              id: e.eventId,
              type: e.type,
              data: (e.data ?? null) as JSONType,
              metadata: { ...e.metadata },
            }),
          ),
          { streamState: toStreamState(expectedRevision) },
        );
        const nextExpectedRevision = Number(result.nextExpectedRevision);
        // The result's position is not always the last event's own $all position (multi-event
        // writes, idempotent re-appends); the event itself knows.
        let position = events.length === 1 && result.position ? Number(result.position.commit) : undefined;
        position ??= await positionOf(streamName, nextExpectedRevision);
        position ??= result.position ? Number(result.position.commit) : undefined;
        if (position === undefined) throw new Error(`KurrentDB returned no position for ${streamName}`);
        return { nextExpectedRevision, position } satisfies AppendResult;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualState === NO_STREAM ? 'no-stream' : Number(error.actualState);
          throw new WrongExpectedRevisionError(streamName, expectedRevision, actual);
        }
        throw error;
      }
    },

    async readStream(streamName, options) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamName, {
          fromRevision: options?.fromRevision ? BigInt(options.fromRevision) : START,
        })) {
          const event = toRecorded(resolved);
          if (event) events.push(event);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    async readAll(options) {
      const after = options?.after;
      const limit = options?.limit;
      if (limit !== undefined && limit <= 0) return [];
      const events: RecordedEvent[] = [];
      for await (const resolved of client.readAll({
        fromPosition: fromAfter(after),
        // One extra: the event at `after` itself comes back and is dropped.
        ...(limit !== undefined ? { maxCount: limit + 1 } : {}),
        filter: excludeSystemEvents(),
      })) {
        const event = toRecorded(resolved);
        if (!event || (after !== undefined && event.position <= after)) continue;
        events.push(event);
        if (limit !== undefined && events.length >= limit) break;
      }
      return events;
    },

    subscribeToAll(options, handler) {
      const after = options.after;
      let stopped = false;
      const { caughtUp, resolve: resolveCaughtUp, reject: rejectCaughtUp } = caughtUpSignal();
      const subscription = client.subscribeToAll({
        fromPosition: fromAfter(after),
        filter: excludeSystemEvents(),
      });

      const run = async () => {
        // Caught up once everything that existed at subscribe time has been handled.
        const target = await headPosition();
        if (target === undefined || (after !== undefined && after >= target)) resolveCaughtUp();
        for await (const resolved of subscription) {
          if (stopped) break;
          const event = toRecorded(resolved);
          if (!event || (after !== undefined && event.position <= after)) continue;
          await handler(event);
          if (target !== undefined && event.position >= target) resolveCaughtUp();
        }
      };

      const done = run().then(
        () => resolveCaughtUp(),
        (error: unknown) => {
          if (stopped) return resolveCaughtUp();
          stopped = true;
          rejectCaughtUp(error);
          void subscription.unsubscribe().catch(() => {});
          if (options.onError) options.onError(error);
          else console.error('event store subscription failed', error);
        },
      );

      const handle: SubscriptionHandle = {
        caughtUp,
        async stop() {
          if (!stopped) {
            stopped = true;
            await subscription.unsubscribe().catch(() => {});
          }
          await done;
          subscriptions.delete(handle);
        },
      };
      subscriptions.add(handle);
      return handle;
    },

    headPosition,

    async close() {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      await client.dispose();
    },
  };
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no-stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event) return undefined;
  const commit = event.position?.commit ?? resolved.commitPosition;
  return {
    eventId: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    streamName: event.streamId,
    revision: Number(event.revision),
    position: commit === undefined ? -1 : Number(commit),
  };
}
