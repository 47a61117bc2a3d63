import { createNatsBus } from '../platform/bus/nats';

/**
 * Tests only: a consumer in a process of its own (nats.int.test.ts kills it mid-message). It subscribes
 * as GROUP to TOPIC, prints "handling <seq>" when a message arrives and never finishes handling it.
 */
const { NATS_SERVERS = '', NAMESPACE = '', TOPIC = '', GROUP = '', ACK_WAIT_MS = '2000' } = process.env;
createNatsBus({ servers: NATS_SERVERS.split(','), namespace: NAMESPACE, ackWaitMs: Number(ACK_WAIT_MS) })
  .then((bus) =>
    bus.subscribe<{ seq: number }>(TOPIC, GROUP, async (m) => {
      console.log(`handling ${m.value.seq}`);
      await new Promise(() => {});
    }),
  )
  .then(() => console.log('subscribed'))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
