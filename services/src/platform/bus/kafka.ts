import { type Admin, type IHeaders, Kafka, logLevel, type Producer } from 'kafkajs';
import { TopicCreationError } from '../engines/failure';
import type { Bus, ConsumerHandle, DeliveredMessage } from './port';

const PARTITIONS = 8;

/**
 * The distributed bus on Kafka. Keys go through the default partitioner, so one key stays in one
 * partition and keeps its order. Offsets are committed only after the handler succeeds; a failure
 * pauses the partition and seeks back to the message, which comes again after the back-off.
 */
export function createKafkaBus(options: {
  brokers: string[];
  clientId: string;
  /** Retries of each request before it fails (kafkajs' default is 5, about 10 s). */
  retries?: number;
}): Bus {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
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
      const p = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
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
    async publish<T>(topic: string, messages: { key: string; value: T; headers?: Record<string, string> }[]) {
      if (closed) throw new Error('The bus is closed');
      if (messages.length === 0) return;
      const encoded = messages.map((m) => ({
        key: m.key,
        value: JSON.stringify(m.value === undefined ? null : m.value),
        ...(m.headers ? { headers: m.headers } : {}),
      }));
      await ensureTopic(topic);
      await (await getProducer()).send({ topic, acks: -1, messages: encoded });
    },

    async subscribe<T>(
      topic: string,
      groupId: string,
      handler: (message: DeliveredMessage<T>) => Promise<void>,
      consumeOptions: { concurrency?: number; retryDelayMs?: number } = {},
    ): Promise<ConsumerHandle> {
      if (closed) throw new Error('The bus is closed');
      const concurrency = consumeOptions.concurrency ?? 1;
      const retryDelayMs = consumeOptions.retryDelayMs ?? 200;
      await ensureTopic(topic);

      const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
      const retries = new Set<NodeJS.Timeout>();
      let stopping = false;
      // subscribe() resolves once this consumer holds its share of the partitions.
      const joined = new Promise<void>((resolve, reject) => {
        const offJoin = consumer.on(consumer.events.GROUP_JOIN, () => {
          offJoin();
          offCrash();
          resolve();
        });
        const offCrash = consumer.on(consumer.events.CRASH, (event) => {
          if (event.payload.restart) return;
          offJoin();
          offCrash();
          reject(event.payload.error);
        });
      });

      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        partitionsConsumedConcurrently: concurrency,
        eachMessage: async ({ topic: from, partition, message, pause }) => {
          // Not committed: the group's next owner of this partition gets it.
          if (stopping) return;
          try {
            await handler({
              topic: from,
              key: message.key?.toString('utf8') ?? '',
              value: JSON.parse(message.value?.toString('utf8') ?? 'null') as T,
              headers: toHeaders(message.headers),
              offset: message.offset,
            });
          } catch {
            const resume = pause();
            consumer.seek({ topic: from, partition, offset: message.offset });
            const timer = setTimeout(() => {
              retries.delete(timer);
              resume();
            }, retryDelayMs);
            retries.add(timer);
            return;
          }
          await consumer.commitOffsets([
            { topic: from, partition, offset: (BigInt(message.offset) + 1n).toString() },
          ]);
        },
      });

      const stop = async () => {
        if (stopping) return;
        stopping = true;
        for (const timer of retries) clearTimeout(timer);
        retries.clear();
        // Waits for the running handler, then leaves the group so its partitions move on.
        await consumer.disconnect();
      };
      stoppers.add(stop);
      try {
        await joined;
      } catch (error) {
        await stop();
        stoppers.delete(stop);
        throw error;
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

function toHeaders(headers: IHeaders | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = first.toString();
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
