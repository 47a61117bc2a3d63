import { createHash } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  jetstreamManager,
  StorageType,
} from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Bus, BusMessage, ConsumerHandle, DeliveredMessage } from './port';

/** Keys hash into this many subjects per topic; one message per subject is in flight per group. */
const PARTITIONS = 8;
/** A republished message with the same id inside this window is dropped by the server. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const DEFAULT_ACK_WAIT_MS = 30_000;
/** How long one pull waits for a message before the loop checks whether it should stop. */
const PULL_EXPIRES_MS = 1000;
const nanos = (ms: number) => ms * 1_000_000;

interface Envelope {
  key: string;
  value: unknown;
  headers?: Record<string, string>;
}

export interface NatsBusOptions {
  servers: string[];
  /** Prefix of the streams and subjects (tests use their own). Default `studio`. */
  namespace?: string;
  /** An unacknowledged message (its consumer died) is delivered again after this. */
  ackWaitMs?: number;
}

/**
 * The distributed bus on NATS JetStream. A topic is a file-backed stream whose subjects are
 * `<namespace>.<topic>.<partition>`, the partition a hash of the key. A consumer group is one
 * durable pull consumer per partition, shared by every process of the group, with at most one
 * unacknowledged message: the group's processes split the partitions' messages between them, and
 * a key's next message waits until the previous one is acknowledged, so per-key order holds
 * across processes. Acknowledged after the handler succeeds; a failure is nak'ed with the back-off;
 * a consumer that dies mid-message leaves it unacknowledged and the server delivers it again after
 * the ack wait (a long handler keeps it with progress signals). Publishing waits for the server's
 * acknowledgement, and a message id (the relay's) makes a republish after a crash a no-op.
 */
export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const namespace = options.namespace ?? 'studio';
  const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  const nc = await connect({ servers: options.servers, name: 'studio', maxReconnectAttempts: -1 });
  const js = jetstream(nc);
  const jsm: JetStreamManager = await jetstreamManager(nc);
  const streams = new Map<string, Promise<string>>();
  const stoppers = new Set<() => Promise<void>>();
  let closed = false;

  const safe = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');
  const subjectOf = (topic: string, partition: number) => `${namespace}.${safe(topic)}.${partition}`;

  /** Creates the topic's stream once (a concurrent creator's stream is as good as ours). */
  function ensureStream(topic: string): Promise<string> {
    let ready = streams.get(topic);
    if (!ready) {
      const name = `${safe(namespace)}_${safe(topic)}`;
      ready = jsm.streams
        .add({
          name,
          subjects: [`${namespace}.${safe(topic)}.*`],
          storage: StorageType.File,
          duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        })
        .then(
          () => name,
          async (error: unknown) => {
            await jsm.streams.info(name).catch(() => {
              throw error;
            });
            return name;
          },
        );
      ready.catch(() => streams.delete(topic));
      streams.set(topic, ready);
    }
    return ready;
  }

  async function ensureConsumer(stream: string, durable: string, subject: string): Promise<void> {
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: subject,
      max_ack_pending: 1,
      ack_wait: nanos(ackWaitMs),
    };
    try {
      await jsm.consumers.add(stream, config);
    } catch (error) {
      // Another process of the group created it first.
      await jsm.consumers.info(stream, durable).catch(() => {
        throw error;
      });
    }
  }

  return {
    keepsMessages: true,
    async publish<T>(topic: string, messages: BusMessage<T>[]) {
      if (closed) throw new Error('The bus is closed');
      if (messages.length === 0) return;
      await ensureStream(topic);
      // One at a time, in order: a key's messages keep the order they were given.
      for (const message of messages) {
        const envelope: Envelope = {
          key: message.key,
          value: message.value === undefined ? null : message.value,
          ...(message.headers ? { headers: message.headers } : {}),
        };
        await js.publish(subjectOf(topic, partitionOf(message.key)), JSON.stringify(envelope), {
          ...(message.id ? { msgID: message.id } : {}),
        });
      }
    },

    async subscribe<T>(
      topic: string,
      groupId: string,
      handler: (message: DeliveredMessage<T>) => Promise<void>,
      consumeOptions: { concurrency?: number; retryDelayMs?: number } = {},
    ): Promise<ConsumerHandle> {
      if (closed) throw new Error('The bus is closed');
      const retryDelayMs = consumeOptions.retryDelayMs ?? 200;
      const slots = new Slots(consumeOptions.concurrency ?? 1);
      const stream = await ensureStream(topic);
      let stopping = false;

      const handle = async (m: JsMsg) => {
        const envelope = m.json<Envelope>();
        // Progress signals keep a long handler's message from being handed to another process.
        const keepAlive = setInterval(() => m.working(), Math.max(1000, ackWaitMs / 3));
        try {
          await handler({
            topic,
            key: envelope.key,
            value: envelope.value as T,
            ...(envelope.headers ? { headers: envelope.headers } : {}),
            offset: String(m.seq),
          });
          m.ack();
        } catch {
          m.nak(retryDelayMs);
        } finally {
          clearInterval(keepAlive);
        }
      };

      const loops = Array.from({ length: PARTITIONS }, async (_, partition) => {
        const durable = `${safe(groupId)}_p${partition}`;
        await ensureConsumer(stream, durable, subjectOf(topic, partition));
        const consumer = await js.consumers.get(stream, durable);
        return async () => {
          while (!stopping && !closed) {
            const m = await consumer.next({ expires: PULL_EXPIRES_MS }).catch(() => null);
            if (!m) continue;
            if (stopping) {
              // Pulled while stopping: hand it straight back to the group.
              m.nak();
              break;
            }
            await slots.run(() => handle(m));
          }
        };
      });
      const running = (await Promise.all(loops)).map((loop) => loop());
      const stop = async () => {
        stopping = true;
        await Promise.all(running);
      };
      stoppers.add(stop);
      return {
        async stop() {
          stoppers.delete(stop);
          await stop();
        },
      };
    },

    async ping() {
      await jsm.getAccountInfo();
    },

    async close() {
      if (closed) return;
      await Promise.all([...stoppers].map((stop) => stop()));
      closed = true;
      await nc.drain().catch(() => nc.close());
    },
  };
}

/** The partition of a key: the same key always lands on the same subject. */
function partitionOf(key: string): number {
  return createHash('sha1').update(key).digest().readUInt32BE(0) % PARTITIONS;
}

/** At most `limit` handlers at once across the partitions of one subscription. */
class Slots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}

  async run(task: () => Promise<void>): Promise<void> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
