import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { StartedTestContainer } from 'testcontainers';

/**
 * Jest global setup: PostgreSQL and NATS on their standard local ports are handed to their
 * contract suites (POSTGRES_URL, NATS_URL) when they answer. Where a Docker engine is reachable
 * and an engine's URL is not already set, it starts KurrentDB, MongoDB (single-node replica set) and Kafka with testcontainers and hand their
 * URLs to the real-engine contract suites through the environment. Without Docker nothing
 * starts, and each suite prints its own one-line skip.
 */
declare global {
  var __ENGINE_CONTAINERS__: StartedTestContainer[] | undefined;
}

const dockerReachable = () => Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

/** PostgreSQL and NATS run as services on our machines: use them where they answer. */
const LOCAL_SERVICES = [
  { variable: 'POSTGRES_URL', url: 'postgres://postgres@127.0.0.1:5432/test', port: 5432 },
  { variable: 'NATS_URL', url: 'nats://127.0.0.1:4222', port: 4222 },
];

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

export default async function globalSetup(): Promise<void> {
  for (const service of LOCAL_SERVICES) {
    if (!process.env[service.variable] && (await answers(service.port)))
      process.env[service.variable] = service.url;
  }
  const wanted = {
    kurrent: !process.env.KURRENTDB_URL,
    mongo: !process.env.MONGODB_URL,
    kafka: !process.env.KAFKA_BROKERS,
  };
  if (!Object.values(wanted).some(Boolean) || process.env.TESTCONTAINERS === 'off' || !dockerReachable())
    return;

  const { GenericContainer, Wait } = await import('testcontainers');
  const started: StartedTestContainer[] = [];
  globalThis.__ENGINE_CONTAINERS__ = started;

  if (wanted.kurrent) {
    const kurrent = await new GenericContainer('kurrentplatform/kurrentdb:25.1')
      .withEnvironment({
        KURRENTDB_INSECURE: 'true',
        KURRENTDB_RUN_PROJECTIONS: 'None',
        KURRENTDB_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    started.push(kurrent);
    process.env.KURRENTDB_URL = `kurrentdb://${kurrent.getHost()}:${kurrent.getMappedPort(2113)}?tls=false`;
  }

  if (wanted.mongo) {
    const mongo = await new GenericContainer('mongo:8.0')
      .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    await mongo.exec([
      'mongosh',
      '--quiet',
      '--eval',
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] })",
    ]);
    started.push(mongo);
    process.env.MONGODB_URL = `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/contract?replicaSet=rs0&directConnection=true`;
  }

  if (wanted.kafka) {
    const port = 19092;
    const kafka = await new GenericContainer('apache/kafka:3.9.1')
      .withExposedPorts({ container: port, host: port })
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: `PLAINTEXT://:${port},CONTROLLER://:9093`,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:${port}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start();
    started.push(kafka);
    process.env.KAFKA_BROKERS = `localhost:${port}`;
  }
}
