import { createKafkaBus } from '../platform/bus/kafka';

/**
 * Tests only: a member of a Kafka consumer group in a process of its own (kafka.int.test.ts kills
 * it mid-stream). Subscribes as GROUP to TOPIC and prints "start <key> <seq>" when a message
 * arrives and "done <key> <seq>" once it has handled it, HANDLE_MS later.
 */
const { KAFKA_BROKERS = '', TOPIC = '', GROUP = '', HANDLE_MS = '20' } = process.env;
const bus = createKafkaBus({ brokers: KAFKA_BROKERS.split(','), clientId: `fixture-${process.pid}` });
bus
  .subscribe<{ seq: number }>(TOPIC, GROUP, async (m) => {
    console.log(`start ${m.key} ${m.value.seq}`);
    await new Promise((resolve) => setTimeout(resolve, Number(HANDLE_MS)));
    console.log(`done ${m.key} ${m.value.seq}`);
  })
  .then(() => console.log('subscribed'))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
