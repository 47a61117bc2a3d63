import {
  type Admin,
  type Consumer,
  type IHeaders,
  Kafka,
  logLevel,
  Partitioners,
  type Producer,
} from 'kafkajs';
import { TopicCreationError } from '../engines/failure';
import type { Logger } from '../logging';
import { entryOf } from '../map-entry';
import type { Bus, BusMessage, ConsumeOptions, ConsumerHandle, DeliveredMessage } from './port';

const PARTITIONS = 8;
/** Carries a message's id (the relay's) so that consumers can drop a republish. */
const ID_HEADER = 'studio-message-id';
/** A republished message with the same id inside this window is dropped (as on NATS JetStream). */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** Ids remembered per partition at most, whatever the window: a bound on memory. */
const DUPLICATE_IDS_PER_PARTITION = 20_000;
/**
 * Group membership: a member heartbeats every second and is dropped after 10 s of silence, so a
 * killed consumer's partitions move on within about 10 s and a new member joins within a second or
 * two (kafkajs' defaults, 3 s and 30 s, make every rebalance take seconds).
 */
const HEARTBEAT_INTERVAL_MS = 1000;
const SESSION_TIMEOUT_MS = 10_000;
/** A consumer kafkajs gave up on (a non-retriable crash) is built again after this. */
const RESTART_DELAY_MS = 1000;
/** How long a new consumer waits for a broker that has no group coordinator yet (it just started). */
const COORDINATOR_WAIT_MS = 60_000;
const coordinatorPending = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'KafkaJSGroupCoordinatorNotFound' || /group coordinator/i.test(error.message));
/**
 * A fetch waits this long for new messages. A stop, and the retry of a paused partition, wait for
 * the fetch in progress: kafkajs' 5 s would make both take seconds. Two idle fetches a second per
 * consumer is the price.
 */
const FETCH_MAX_WAIT_MS = 500;

/**
 * The distributed bus on Kafka. Keys go through the default partitioner, so one key stays in one
 * partition and keeps its order. Offsets are committed only after the handler succeeds; a failure
 * pauses the partition and seeks back to the message, which comes again after the back-off. A
 * message id travels in a header and each consumer drops an id it already handled in that
 * partition within the duplicate window: the relay's republish after a crash is a no-op.
 */
export function createKafkaBus(options: {
  brokers: string[];
  clientId: string;
  /** Prefixes topics and consumer groups (`<namespace>.<name>`): several deployments on one cluster. */
  namespace?: string;
  /** Retries of each request before it fails (kafkajs' default is 5, about 10 s). */
  retries?: number;
  /**
   * Where kafkajs' own warnings and errors go (a broker outage logs each failed connection), at
   * `warn`: the outage itself is told by readiness and the runners. None: they are dropped.
   */
  logger?: Logger;
}): Bus {
  const { logger } = options;
  const named = (name: string) => (options.namespace ? `${options.namespace}.${name}` : name);
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logger ? logLevel.WARN : logLevel.NOTHING,
    logCreator:
      () =>
      ({ namespace, log: { message, timestamp: _, logger: __, ...detail } }) =>
        logger?.warn({ kafka: { namespace, ...detail } }, `kafkajs: ${message}`),
    ...(options.retries !== undefined ? { retry: { retries: options.retries } } : {}),
  });
  let producer: Promise<Producer> | undefined;
  let admin: Promise<Admin> | undefined;
  const topics = new Map<string, Promise<void>>();
  const stoppers = new Set<() => Promise<void>>();
  let closed = false;

  const getProducer = () => {
    producer ??= (async () => {
      // One request in flight: concurrent publishes cannot overtake each other within a partition.
      const p = kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await p.connect();
      return p;
    })();
    // A broker that was down at the first call must not stay "down" for the life of the process.
    producer.catch(() => {
      producer = undefined;
    });
    return producer;
  };

  const getAdmin = () => {
    admin ??= (async () => {
      const a = kafka.admin();
      await a.connect();
      return a;
    })();
    admin.catch(() => {
      admin = undefined;
    });
    return admin;
  };

  /** Creates the topic with enough partitions for per-key parallelism (auto-created ones get 1). */
  function ensureTopic(topic: string): Promise<void> {
    let ready = topics.get(topic);
    if (!ready) {
      ready = (async () => {
        const a = await getAdmin();
        const existing = await a.listTopics();
        if (!existing.includes(topic)) {
          try {
            await a.createTopics({ topics: [{ topic, numPartitions: PARTITIONS }], waitForLeaders: true });
          } catch (error) {
            // Another process may have created it between the list and the create.
            if (!(await a.listTopics()).includes(topic))
              throw new TopicCreationError(topic, options.brokers, error);
          }
        }
      })();
      ready.catch(() => topics.delete(topic));
      topics.set(topic, ready);
    }
    return ready;
  }

  return {
    keepsMessages: true,
    async publish<T>(topic: string, messages: BusMessage<T>[]) {
      if (closed) throw new Error('The bus is closed');
      if (messages.length === 0) return;
      const encoded = messages.map((m) => {
        const headers = { ...m.headers, ...(m.id ? { [ID_HEADER]: m.id } : {}) };
        return {
          key: m.key,
          value: JSON.stringify(m.value === undefined ? null : m.value),
          ...(Object.keys(headers).length > 0 ? { headers } : {}),
        };
      });
      await ensureTopic(named(topic));
      await (await getProducer()).send({ topic: named(topic), acks: -1, messages: encoded });
    },

    async subscribe<T>(
      topic: string,
      groupId: string,
      handler: (message: DeliveredMessage<T>) => Promise<void>,
      consumeOptions: ConsumeOptions = {},
    ): Promise<ConsumerHandle> {
      if (closed) throw new Error('The bus is closed');
      await ensureTopic(named(topic));
      const member = () =>
        new GroupConsumer<T>(kafka, topic, named(topic), named(groupId), handler, consumeOptions, (error) =>
          logger?.warn(
            { err: error, topic, groupId },
            'Kafka consumer stopped by its client: starting it again',
          ),
        );
      let consumer = member();
      const stop = () => consumer.stop();
      stoppers.add(stop);
      const deadline = Date.now() + COORDINATOR_WAIT_MS;
      for (;;) {
        try {
          await consumer.start();
          break;
        } catch (error) {
          await consumer.stop();
          // A broker just started has no group coordinator for a moment: a new member tries again.
          if (closed || !coordinatorPending(error) || Date.now() > deadline) {
            stoppers.delete(stop);
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS));
          consumer = member();
        }
      }
      return {
        async stop() {
          stoppers.delete(stop);
          await stop();
        },
      };
    },

    async ping() {
      await (await getAdmin()).describeCluster();
    },

    async close() {
      closed = true;
      await Promise.all([...stoppers].map((stop) => stop()));
      stoppers.clear();
      if (producer) await (await producer).disconnect();
      if (admin) await (await admin).disconnect();
    },
  };
}

/**
 * One member of a consumer group. Handles one message per partition at a time (up to
 * `concurrency` partitions at once), commits its offset once handled, and outlives the broker:
 * kafkajs restarts a consumer after a retriable failure, and one it gave up on is built again.
 */
class GroupConsumer<T> {
  private consumer: Consumer | undefined;
  private stopping = false;
  private readonly retries = new Set<NodeJS.Timeout>();
  private restart: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly handled = new Map<number, Map<string, number>>();

  constructor(
    private readonly kafka: Kafka,
    /** The topic as the application names it (delivered messages carry it)… */
    private readonly topic: string,
    /** …and as the broker knows it (with the namespace). */
    private readonly brokerTopic: string,
    private readonly groupId: string,
    private readonly handler: (message: DeliveredMessage<T>) => Promise<void>,
    private readonly options: ConsumeOptions,
    private readonly onRestart?: (error: unknown) => void,
  ) {}

  /** Resolves once this member holds its share of the partitions. */
  async start(): Promise<void> {
    const consumer = this.kafka.consumer({
      groupId: this.groupId,
      allowAutoTopicCreation: false,
      heartbeatInterval: HEARTBEAT_INTERVAL_MS,
      sessionTimeout: SESSION_TIMEOUT_MS,
      maxWaitTimeInMs: FETCH_MAX_WAIT_MS,
    });
    this.consumer = consumer;
    const joined = new Promise<void>((resolve, reject) => {
      const offJoin = consumer.on(consumer.events.GROUP_JOIN, () => {
        offJoin();
        resolve();
      });
      consumer.on(consumer.events.CRASH, (event) => {
        if (event.payload.restart) return;
        offJoin();
        reject(event.payload.error);
        this.startAgain(consumer, event.payload.error);
      });
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [this.brokerTopic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: this.options.concurrency ?? 1,
      eachMessage: async ({ partition, message, pause }) => {
        // Not committed: the group's next owner of this partition gets it.
        if (this.stopping) return;
        const work = this.handle(consumer, partition, message, pause);
        this.inFlight.add(work);
        try {
          await work;
        } finally {
          this.inFlight.delete(work);
        }
      },
    });
    await joined;
  }

  private async handle(
    consumer: Consumer,
    partition: number,
    message: { key: Buffer | null; value: Buffer | null; headers?: IHeaders; offset: string },
    pause: () => () => void,
  ): Promise<void> {
    const headers = toHeaders(message.headers);
    const id = headers?.[ID_HEADER];
    if (headers) delete headers[ID_HEADER];
    if (!id || !this.seen(partition, id)) {
      try {
        await this.handler({
          topic: this.topic,
          key: message.key?.toString('utf8') ?? '',
          value: JSON.parse(message.value?.toString('utf8') ?? 'null') as T,
          ...(headers && Object.keys(headers).length > 0 ? { headers } : {}),
          offset: message.offset,
        });
      } catch {
        const resume = pause();
        consumer.seek({ topic: this.brokerTopic, partition, offset: message.offset });
        const timer = setTimeout(() => {
          this.retries.delete(timer);
          resume();
        }, this.options.retryDelayMs ?? 200);
        this.retries.add(timer);
        return;
      }
      if (id) this.remember(partition, id);
    }
    await consumer.commitOffsets([
      { topic: this.brokerTopic, partition, offset: (BigInt(message.offset) + 1n).toString() },
    ]);
  }

  private seen(partition: number, id: string): boolean {
    const at = this.handled.get(partition)?.get(id);
    return at !== undefined && Date.now() - at < DUPLICATE_WINDOW_MS;
  }

  private remember(partition: number, id: string): void {
    const ids = entryOf(this.handled, partition, () => new Map());
    ids.set(id, Date.now());
    // Oldest first (insertion order): drop what left the window or exceeds the bound.
    for (const [oldest, at] of ids) {
      if (ids.size <= DUPLICATE_IDS_PER_PARTITION && Date.now() - at < DUPLICATE_WINDOW_MS) break;
      ids.delete(oldest);
    }
  }

  private startAgain(crashed: Consumer, error: unknown): void {
    if (this.stopping || this.restart || crashed !== this.consumer) return;
    this.onRestart?.(error);
    this.restart = setTimeout(() => {
      this.restart = undefined;
      if (this.stopping) return;
      crashed
        .disconnect()
        .catch(() => {})
        .then(() => this.start())
        .catch((next: unknown) => this.startAgain(this.consumer ?? crashed, next));
    }, RESTART_DELAY_MS);
  }

  /** Lets the running handlers finish and commit, then leaves the group so its partitions move on. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.restart) clearTimeout(this.restart);
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    // kafkajs skips commits once its disconnect has begun: wait for the handlers first.
    await Promise.allSettled([...this.inFlight]);
    await this.consumer?.disconnect();
  }
}

function toHeaders(headers: IHeaders | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = first.toString();
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
