import type { Bus, BusMessage, ConsumeOptions, ConsumerHandle, DeliveredMessage } from './port';

const PARTITIONS = 8;
/** Consumed messages are dropped in chunks, not one by one. */
const TRIM_THRESHOLD = 1024;

interface Stored {
  key: string;
  /** Kept serialized, as Kafka would: every delivery gets its own copy, unserializable values fail at publish. */
  value: string;
  headers?: Record<string, string>;
}

interface Partition {
  /** Offset of messages[0]; earlier ones were consumed by every group and dropped. */
  base: number;
  messages: Stored[];
}

interface Topic {
  name: string;
  partitions: Partition[];
  groups: Map<string, Group>;
}

interface Group {
  topic: Topic;
  members: Member[];
  /** Next offset to deliver, per partition: the group's committed position. */
  next: number[];
  running: boolean[];
}

interface Member {
  handler: (message: DeliveredMessage<unknown>) => Promise<void>;
  concurrency: number;
  retryDelayMs: number;
  active: number;
  waiting: (() => void)[];
  stopped: boolean;
  inFlight: Set<Promise<unknown>>;
  /** Wakes retry back-offs early when the member stops. */
  sleepers: Set<() => void>;
}

/**
 * The embedded bus: Kafka's model in process. A topic has partitions chosen by key hash; every
 * consumer group sees every message; members of one group share the partitions; a partition is
 * handled by one member at a time, in order, and a message is committed only once its handler
 * succeeds (a failure is retried after the back-off and holds back the rest of its partition).
 */
export function createMemoryBus(): Bus {
  const topics = new Map<string, Topic>();
  let closed = false;

  function topicNamed(name: string): Topic {
    let topic = topics.get(name);
    if (!topic) {
      topic = {
        name,
        partitions: Array.from({ length: PARTITIONS }, () => ({ base: 0, messages: [] })),
        groups: new Map(),
      };
      topics.set(name, topic);
    }
    return topic;
  }

  function owner(group: Group, partition: number): Member | undefined {
    return group.members[partition % Math.max(group.members.length, 1)];
  }

  function kick(group: Group): void {
    for (let p = 0; p < PARTITIONS; p += 1) void drain(group, p);
  }

  async function drain(group: Group, p: number): Promise<void> {
    if (group.running[p]) return;
    group.running[p] = true;
    try {
      // Start on a later turn, so handlers never run inside publish() or subscribe().
      await Promise.resolve();
      const partition = group.topic.partitions[p] as Partition;
      while (!closed) {
        const offset = group.next[p] as number;
        const stored = partition.messages[offset - partition.base];
        const member = owner(group, p);
        if (!stored || !member) break;
        await acquire(member);
        if (member.stopped || owner(group, p) !== member) {
          release(member);
          continue;
        }
        const delivered: DeliveredMessage<unknown> = {
          topic: group.topic.name,
          key: stored.key,
          value: JSON.parse(stored.value) as unknown,
          offset: String(offset),
          ...(stored.headers ? { headers: { ...stored.headers } } : {}),
        };
        const attempt = Promise.resolve().then(() => member.handler(delivered));
        member.inFlight.add(attempt);
        let ok = false;
        try {
          await attempt;
          ok = true;
        } catch {
          // Same message again after the back-off; later messages of the partition wait.
        } finally {
          member.inFlight.delete(attempt);
          release(member);
        }
        if (ok) {
          group.next[p] = offset + 1;
          trim(group.topic, p);
        } else await sleep(member, member.retryDelayMs);
      }
    } finally {
      group.running[p] = false;
    }
  }

  function acquire(member: Member): Promise<void> {
    if (member.active < member.concurrency || member.stopped) {
      member.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      member.waiting.push(() => {
        member.active += 1;
        resolve();
      });
    });
  }

  function release(member: Member): void {
    member.active -= 1;
    member.waiting.shift()?.();
  }

  function sleep(member: Member, ms: number): Promise<void> {
    if (member.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        member.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      member.sleepers.add(wake);
    });
  }

  function trim(topic: Topic, p: number): void {
    const partition = topic.partitions[p] as Partition;
    let consumed = Number.POSITIVE_INFINITY;
    for (const group of topic.groups.values()) consumed = Math.min(consumed, group.next[p] as number);
    const drop = consumed - partition.base;
    if (drop >= TRIM_THRESHOLD && Number.isFinite(drop)) {
      partition.messages.splice(0, drop);
      partition.base = consumed;
    }
  }

  async function stopMember(group: Group, member: Member): Promise<void> {
    if (member.stopped) return;
    member.stopped = true;
    group.members = group.members.filter((m) => m !== member);
    for (const wake of [...member.sleepers]) wake();
    for (const grant of member.waiting.splice(0)) grant();
    await Promise.allSettled([...member.inFlight]);
    // The partitions it held move to the remaining members.
    kick(group);
  }

  const stoppers = new Set<() => Promise<void>>();

  return {
    // Messages live in this process: the supervisor republishes queued jobs at start.
    keepsMessages: false,
    async publish<T>(topicName: string, messages: BusMessage<T>[]) {
      if (closed) throw new Error('The bus is closed');
      const stored = messages.map((m) => {
        if (typeof m.key !== 'string') throw new Error('A message needs a string key');
        const value = JSON.stringify(m.value === undefined ? null : m.value);
        return { key: m.key, value, ...(m.headers ? { headers: { ...m.headers } } : {}) } satisfies Stored;
      });
      const topic = topicNamed(topicName);
      for (const message of stored) {
        (topic.partitions[partitionOf(message.key)] as Partition).messages.push(message);
      }
      for (const group of topic.groups.values()) kick(group);
    },

    async subscribe<T>(
      topicName: string,
      groupId: string,
      handler: (message: DeliveredMessage<T>) => Promise<void>,
      options: ConsumeOptions = {},
    ): Promise<ConsumerHandle> {
      if (closed) throw new Error('The bus is closed');
      const concurrency = options.concurrency ?? 1;
      const retryDelayMs = options.retryDelayMs ?? 200;
      if (!Number.isInteger(concurrency) || concurrency < 1)
        throw new Error(`Invalid concurrency ${concurrency}`);
      if (!(retryDelayMs >= 0)) throw new Error(`Invalid retryDelayMs ${retryDelayMs}`);
      const topic = topicNamed(topicName);
      let group = topic.groups.get(groupId);
      if (!group) {
        // A new group starts from the oldest message still held, like Kafka's earliest offset.
        group = {
          topic,
          members: [],
          next: topic.partitions.map((p) => p.base),
          running: topic.partitions.map(() => false),
        };
        topic.groups.set(groupId, group);
      }
      const member: Member = {
        handler: handler as (message: DeliveredMessage<unknown>) => Promise<void>,
        concurrency,
        retryDelayMs,
        active: 0,
        waiting: [],
        stopped: false,
        inFlight: new Set(),
        sleepers: new Set(),
      };
      group.members.push(member);
      kick(group);
      const joined = group;
      const stop = () => stopMember(joined, member);
      stoppers.add(stop);
      return {
        async stop() {
          stoppers.delete(stop);
          await stop();
        },
      };
    },

    async close() {
      await Promise.all([...stoppers].map((stop) => stop()));
      stoppers.clear();
      closed = true;
      topics.clear();
    },
  };
}

/** FNV-1a: a stable key → partition mapping, so one key always lands in the same ordered queue. */
function partitionOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PARTITIONS;
}
