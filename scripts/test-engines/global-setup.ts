import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StartedTestContainer } from 'testcontainers';

/**
 * Jest global setup of the integration project. `scripts/engines/up.sh` installs (where it may)
 * and starts PostgreSQL, NATS JetStream and an Apache Kafka broker on loopback, reusing any that
 * already run, and the URLs of those that answer go to their suites (POSTGRES_URL, NATS_URL,
 * KAFKA_BROKERS; a variable already set wins). KurrentDB and MongoDB cannot run here: where a
 * Docker engine is reachable and their URL is not set, they start with testcontainers. An engine
 * that is not there makes its suites print one skip line, or fail where REQUIRED_ENGINES lists it.
 * `STUDIO_ENGINES=off` skips the script (the suites then use only what the environment names).
 */
declare global {
  var __ENGINE_CONTAINERS__: StartedTestContainer[] | undefined;
  var __FIXTURES_DIR__: string | undefined;
}

const dockerReachable = () => Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

function startLocalEngines(): void {
  if (process.env.STUDIO_ENGINES === 'off') return;
  const script = path.join(__dirname, '..', 'engines', 'up.sh');
  const run = spawnSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  for (const line of (run.stdout ?? '').split('\n')) {
    const match = /^([A-Z_]+)=(.+)$/.exec(line.trim());
    if (match?.[1] && match[2] && !process.env[match[1]]) process.env[match[1]] = match[2];
  }
}

export default async function globalSetup(): Promise<void> {
  startLocalEngines();
  // The run's shared givens (a finished kids book drawn once: services/src/testing/finished-kids-book.ts).
  if (!process.env.STUDIO_TEST_FIXTURES) {
    process.env.STUDIO_TEST_FIXTURES = mkdtempSync(path.join(tmpdir(), 'studio-fixtures-'));
    globalThis.__FIXTURES_DIR__ = process.env.STUDIO_TEST_FIXTURES;
  }
  const wanted = { kurrent: !process.env.KURRENTDB_URL, mongo: !process.env.MONGODB_URL };
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
}
