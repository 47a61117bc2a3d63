import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { busContract } from '../../testing/contracts/bus';
import { whenEngineConfigured } from '../../testing/helpers';
import { createNatsBus } from './nats';

whenEngineConfigured('NATS_URL', 'NATS JetStream bus contract suite', (url) => {
  const servers = url
    .replace(/^nats:\/\//, '')
    .split(',')
    .filter(Boolean);
  // Streams of this run only, removed at the end.
  const namespace = `t${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const removeStreams = async () => {
    const nc = await connect({ servers });
    const jsm = await jetstreamManager(nc);
    for await (const info of jsm.streams.list()) {
      if (info.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(info.config.name);
    }
    await nc.close();
  };
  jest.setTimeout(30_000);
  busContract('nats', () => createNatsBus({ servers, namespace, ackWaitMs: 2000 }), removeStreams, {
    waitMs: 10_000,
  });

  describe('NATS bus: crashes and republishes', () => {
    afterAll(removeStreams);

    it('a consumer killed mid-message: another process of its group gets the message after the ack wait', async () => {
      const topic = `killed_${randomUUID().slice(0, 8)}`;
      const group = `g_${randomUUID().slice(0, 8)}`;
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, '../../testing/nats-consumer.fixture.ts')],
        {
          env: {
            ...process.env,
            NATS_SERVERS: servers.join(','),
            NAMESPACE: namespace,
            TOPIC: topic,
            GROUP: group,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await until(() => output.includes('subscribed'), 20_000);
        const bus = await createNatsBus({ servers, namespace, ackWaitMs: 2000 });
        try {
          await bus.publish(topic, [{ key: 'k', value: { seq: 1 } }]);
          await until(() => output.includes('handling 1'), 10_000);
          child.kill('SIGKILL');
          await exited;

          const seen: number[] = [];
          const handle = await bus.subscribe<{ seq: number }>(topic, group, async (m) => {
            seen.push(m.value.seq);
          });
          await until(() => seen.length === 1, 10_000);
          // A later message on the same key comes after any second delivery of the first.
          await bus.publish(topic, [{ key: 'k', value: { seq: 2 } }]);
          await until(() => seen.includes(2), 10_000);
          expect(seen).toEqual([1, 2]);
          await handle.stop();
        } finally {
          await bus.close();
        }
      } finally {
        child.kill('SIGKILL');
      }
    });

    it('drops a republished message with the same id (the relay after a crash), delivers a new id', async () => {
      const topic = `dedupe_${randomUUID().slice(0, 8)}`;
      const bus = await createNatsBus({ servers, namespace });
      try {
        const seen: number[] = [];
        const handle = await bus.subscribe<{ seq: number }>(topic, 'g', async (m) => {
          seen.push(m.value.seq);
        });
        await bus.publish(topic, [{ key: 'k', value: { seq: 1 }, id: 'event-1:jobs:0' }]);
        await bus.publish(topic, [{ key: 'k', value: { seq: 1 }, id: 'event-1:jobs:0' }]);
        await bus.publish(topic, [{ key: 'k', value: { seq: 2 }, id: 'event-2:jobs:0' }]);
        // Per-key order: a duplicate of the first would arrive before the second.
        await until(() => seen.includes(2), 10_000);
        expect(seen).toEqual([1, 2]);
        await handle.stop();
      } finally {
        await bus.close();
      }
    });
  });
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
