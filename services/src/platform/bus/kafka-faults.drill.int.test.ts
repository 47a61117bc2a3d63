import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { eventually } from '../../testing/helpers';
import {
  type KafkaTestBroker,
  startKafkaBroker,
  uniqueName,
  whenKafkaAnswers,
} from '../../testing/kafka-broker';
import { createKafkaBus } from './kafka';

// The Kafka adapter's fault drills: a consumer process killed, a broker of its own stopped and
// started. Long (a second broker's start-up, group rebalances), so they run with the drills.
whenKafkaAnswers('Kafka bus fault drills', (brokers) => {
  jest.setTimeout(120_000);

  describe('Kafka bus: a real broker stopped, consumers killed', () => {
    it('a consumer process SIGKILLed mid-stream: its partitions move to the other, nothing lost, per-key order kept, only the message in flight handled again', async () => {
      const topic = uniqueName('killed');
      const group = uniqueName('g');
      const publisher = createKafkaBus({ brokers, clientId: 'killed-publisher' });
      const [first, second] = [
        consumerProcess(brokers, topic, group),
        consumerProcess(brokers, topic, group),
      ];
      try {
        await eventually(async () => first.subscribed() && second.subscribed(), 30_000);
        const keys = Array.from({ length: 8 }, (_, i) => `key-${i}`);
        const perKey = 25;
        const publishAll = (async () => {
          for (let seq = 0; seq < perKey; seq++) {
            await publisher.publish(
              topic,
              keys.map((key) => ({ key, value: { seq }, id: `${key}:${seq}` })),
            );
            await sleep(20);
          }
        })();
        // Kill the first member once both have handled some of the stream.
        await eventually(async () => first.done().length >= 10 && second.done().length >= 10, 30_000);
        first.kill();
        await publishAll;
        const handled = () => new Set([...first.done(), ...second.done()].map((m) => `${m.key}:${m.seq}`));
        await eventually(async () => handled().size === keys.length * perKey, 60_000);

        // Nothing lost.
        expect(handled().size).toBe(keys.length * perKey);
        // The survivor took over partitions of the killed member.
        const firstKeys = new Set(first.done().map((m) => m.key));
        expect(second.done().some((m) => firstKeys.has(m.key))).toBe(true);
        // Per key, the seqs were handled in order across both processes (in the order this test saw them).
        for (const key of keys) {
          const order = [...first.log, ...second.log]
            .filter((line) => line.what === 'done' && line.key === key)
            .sort((a, b) => a.at - b.at)
            .map((line) => line.seq);
          expect([...new Set(order)]).toEqual(Array.from({ length: perKey }, (_, i) => i));
        }
        // Handled twice: at most the message the killed member was handling (not committed yet).
        const firstDone = new Set(first.done().map((m) => `${m.key}:${m.seq}`));
        const twice = second.done().filter((m) => firstDone.has(`${m.key}:${m.seq}`));
        const lastStarted = first.log.filter((line) => line.what === 'start').at(-1);
        expect(twice.length).toBeLessThanOrEqual(1);
        for (const m of twice) expect(m).toMatchObject({ key: lastStarted?.key, seq: lastStarted?.seq });
      } finally {
        first.kill();
        second.kill();
        await publisher.close();
      }
    });

    describe('a broker of its own, stopped and started', () => {
      let broker: KafkaTestBroker;
      beforeAll(async () => {
        const lib = process.env.KAFKA_LIB;
        if (!lib) throw new Error('KAFKA_LIB is not set: scripts/engines/up.sh prints it with KAFKA_BROKERS');
        broker = await startKafkaBroker(lib);
      }, 90_000);
      afterAll(() => broker?.remove());

      it.each(['SIGTERM', 'SIGKILL'] as const)(
        'broker stopped (%s) and started mid-stream: publishes are refused while it is down, then every message arrives once, in order per key',
        async (signal) => {
          const topic = uniqueName('restart');
          const bus = createKafkaBus({ brokers: broker.brokers, clientId: 'restart', retries: 1 });
          const seen = new Map<string, number[]>();
          const handle = await bus.subscribe<{ seq: number }>(
            topic,
            uniqueName('g'),
            async (m) => {
              seen.set(m.key, [...(seen.get(m.key) ?? []), m.value.seq]);
            },
            { concurrency: 4 },
          );
          const keys = ['a', 'b', 'c', 'd'];
          const perKey = 30;
          let refusals = 0;
          // A relay-like publisher: each message has an id and a refused publish is sent again.
          const publishAll = (async () => {
            for (let seq = 0; seq < perKey; seq++) {
              for (;;) {
                try {
                  await bus.publish(
                    topic,
                    keys.map((key) => ({ key, value: { seq }, id: `${key}:${seq}` })),
                  );
                  break;
                } catch {
                  refusals += 1;
                  await sleep(200);
                }
              }
              await sleep(30);
            }
          })();
          try {
            await eventually(async () => (seen.get('a')?.length ?? 0) >= 5, 30_000);
            await broker.stop(signal);
            await sleep(1500);
            await broker.start();
            await publishAll;
            // An end marker behind each key's messages: once it is in, nothing else is on its way.
            await bus.publish(
              topic,
              keys.map((key) => ({ key, value: { seq: END } })),
            );
            await eventually(async () => keys.every((key) => seen.get(key)?.includes(END)), 90_000);
            expect(refusals).toBeGreaterThan(0);
            for (const key of keys)
              expect(seen.get(key)).toEqual([...Array.from({ length: perKey }, (_, i) => i), END]);
          } finally {
            await handle.stop();
            await bus.close();
          }
        },
        150_000,
      );
    });
  });
});

interface Line {
  what: 'start' | 'done';
  key: string;
  seq: number;
  at: number;
}

/** A member of the group in a process of its own (kafka-consumer.fixture.ts). */
function consumerProcess(brokers: string[], topic: string, group: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '../../testing/kafka-consumer.fixture.ts')],
    {
      env: { ...process.env, KAFKA_BROKERS: brokers.join(','), TOPIC: topic, GROUP: group, HANDLE_MS: '20' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log: Line[] = [];
  let subscribed = false;
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'subscribed') subscribed = true;
      const match = /^(start|done) (\S+) (\d+)$/.exec(line);
      if (match)
        log.push({
          what: match[1] as Line['what'],
          key: match[2] ?? '',
          seq: Number(match[3]),
          at: performance.now(),
        });
    }
  });
  return {
    log,
    subscribed: () => subscribed,
    done: () => log.filter((line) => line.what === 'done'),
    kill: () => child.kill('SIGKILL'),
  };
}

const END = -1;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
