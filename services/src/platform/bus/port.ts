/**
 * The bus port: topics of keyed JSON messages. At-least-once delivery to each consumer group,
 * in order per key; a handler that throws gets the same message again (after a short backoff),
 * and later messages with the same key wait for it.
 */
export interface BusMessage<T = unknown> {
  key: string;
  value: T;
  headers?: Record<string, string>;
  /**
   * Identifies the message across republishes (the relay republishes after a crash): a broker
   * that can deduplicate drops a second message with the same id. Not delivered to handlers.
   */
  id?: string;
}

export interface DeliveredMessage<T = unknown> extends BusMessage<T> {
  topic: string;
  /** Position within its partition, for logs. */
  offset: string;
}

export interface ConsumerHandle {
  stop(): Promise<void>;
}

export interface ConsumeOptions {
  /** Concurrency across keys inside this consumer (per-key order always holds). Default 1. */
  concurrency?: number;
  /** Delay before a failed message is tried again. Default 200 ms. */
  retryDelayMs?: number;
}

export interface Bus {
  /**
   * Whether a published message outlives this process: true for a broker's log (Kafka, NATS
   * JetStream), which redelivers what was not acknowledged; false for the in-process bus, whose
   * messages die with the process.
   */
  readonly keepsMessages: boolean;
  /** Resolves once the bus has durably accepted every message (the relay's acknowledgement). */
  publish<T>(topic: string, messages: BusMessage<T>[]): Promise<void>;
  subscribe<T>(
    topic: string,
    groupId: string,
    handler: (message: DeliveredMessage<T>) => Promise<void>,
    options?: ConsumeOptions,
  ): Promise<ConsumerHandle>;
  /** Round trip to the broker (readiness, start-up); absent where there is nothing to reach. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}
