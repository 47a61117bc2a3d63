import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { whenEngineConfigured } from './helpers';
import { freePort } from './role-process';

const ENGINES = path.join(__dirname, '..', '..', '..', 'scripts', 'engines', 'kafka');

/** Registers a suite against the shared broker of KAFKA_BROKERS (a comma-separated list), as whenEngineConfigured does. */
export function whenKafkaAnswers(suite: string, register: (brokers: string[]) => void): void {
  whenEngineConfigured('KAFKA_BROKERS', suite, (list) =>
    register(
      list
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  );
}

/** A topic or group name of this run only: the shared broker keeps every earlier run's. */
export const uniqueName = (label: string) => `${label}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

/**
 * Tests only: an Apache Kafka broker of the test's own (one KRaft node on free loopback ports,
 * its log in a temporary folder), from the classpath `scripts/engines/up.sh` resolved (KAFKA_LIB),
 * so that a test can stop and start it, or kill it, without touching the shared broker.
 */
export interface KafkaTestBroker {
  brokers: string[];
  /** Stops the broker: SIGTERM lets it shut down cleanly, SIGKILL is a crash. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same ports, with the same log (topics, offsets and groups survive). */
  start(): Promise<void>;
  /** Stops it and deletes its log. */
  remove(): Promise<void>;
}

export async function startKafkaBroker(lib: string): Promise<KafkaTestBroker> {
  const [port, controllerPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-kafka-'));
  const properties = path.join(dir, 'server.properties');
  writeFileSync(
    properties,
    `${readFileSync(path.join(ENGINES, 'server.properties'), 'utf8')
      .replaceAll('19092', String(port))
      .replaceAll('19093', String(controllerPort))}\nlog.dirs=${path.join(dir, 'log')}\n`,
  );
  const classpath = `${lib}/*`;
  const format = spawnSync(
    'java',
    [
      '-cp',
      classpath,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      'studio-test-kafka-cluster',
      '-c',
      properties,
    ],
    { encoding: 'utf8' },
  );
  if (format.status !== 0) throw new Error(`kafka storage format failed: ${format.stderr}`);

  let child: ChildProcess | undefined;
  const start = async () => {
    const log: string[] = [];
    child = spawn(
      'java',
      [
        '-Xms128m',
        '-Xmx512m',
        `-Dlog4j2.configurationFile=${path.join(ENGINES, 'log4j2.properties')}`,
        '-cp',
        classpath,
        'kafka.Kafka',
        properties,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (!log.join('').includes('Kafka Server started')) {
      if (child.exitCode !== null) throw new Error(`kafka broker exited: ${log.join('')}`);
      if (Date.now() > deadline) throw new Error(`kafka broker did not start: ${log.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
    // The port is free once the process is gone; wait for the kernel to say so.
    while (await answers(port)) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  await start();
  return {
    brokers: [`127.0.0.1:${port}`],
    stop,
    start,
    async remove() {
      await stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
