import { accountStream, type RecordedEvent } from '@studio/events';
import request from 'supertest';
import { loadConfig } from '../platform/config';
import { createPostgresEventStore } from '../platform/eventstore/postgres';
import { createLogger } from '../platform/logging';
import { LEASES } from '../platform/readstore/lease';
import type { ReadStore } from '../platform/readstore/port';
import { createPostgresReadStore } from '../platform/readstore/postgres';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import type { Projection } from '../platform/runners/projector';
import { ProjectorRunner } from '../platform/runners/projector';
import { eventually, tempDataDir, whenEngineConfigured } from '../testing/helpers';
import { drillDatabase } from '../testing/postgres-testing';
import { drillEnv, killRoles, type Role, type RoleProcess, startRole } from '../testing/role-process';
import { featureModules } from './modules';
import { closePlatform, openPlatform } from './platform';

/**
 * The distributed runtime for real: on PostgreSQL (event store and read store) with NATS JetStream,
 * and again with Kafka, two API processes, two workers, two relays and two projectors (one active by lease, one
 * standby) take a mixed load through both API nodes, and one process of each role is killed with
 * SIGKILL halfway. At the end every acknowledged command's events are in the log exactly once, no
 * credit was spent twice, every job is Done or refunded exactly once, and every read model equals
 * a fresh rebuild from the log.
 */
const ROLES: Role[] = ['api', 'worker', 'relay', 'projector'];
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const USERS = 12;
const GENERATIONS_PER_USER = 2;
const SCANS_PER_CODE = 6;

type Running = RoleProcess;

drill(
  'NATS',
  'NATS_URL',
  (url, namespace) => `${url.replace(/\/$/, '')}?namespace=${namespace}&ackWaitMs=3000`,
);
drill('Kafka', 'KAFKA_BROKERS', (brokers, namespace) => `kafka://${brokers}?namespace=${namespace}`);

/** The drill on PostgreSQL and one bus, whose variable names the server and `busUrl` gives BUS_URL. */
function drill(bus: string, variable: string, busUrl: (value: string, namespace: string) => string): void {
  whenEngineConfigured('POSTGRES_URL', `multi-process drill (PostgreSQL + ${bus})`, (postgresUrl) => {
    whenEngineConfigured(variable, `multi-process drill (PostgreSQL + ${bus})`, (busValue) => {
      jest.setTimeout(480_000);
      const scratch = drillDatabase(postgresUrl, 'drill');
      const database = scratch.name;
      const dbUrl = scratch.url.toString();
      const tmp = tempDataDir();
      const running: Running[] = [];

      beforeAll(scratch.create);
      afterAll(async () => {
        await killRoles(running);
        await scratch.drop();
        tmp.remove();
      });

      const env = drillEnv(dbUrl, busUrl(busValue, database), tmp.dir);

      async function start(role: Role, index: number): Promise<Running> {
        const process_ = await startRole(role, index, env);
        running.push(process_);
        return process_;
      }

      const kill = (r: Running) => killRoles([r]);

      it(`${bus}: two of every process, one of each killed halfway: nothing lost, nothing doubled`, async () => {
        const started = Date.now();
        const procs: Record<Role, Running[]> = { api: [], worker: [], relay: [], projector: [] };
        // The first projector and relay take the leases; the second ones start after them and stand by.
        const first = await Promise.all(ROLES.map((role) => start(role, 0)));
        const second = await Promise.all(ROLES.map((role) => start(role, 1)));
        for (const r of [...first, ...second]) procs[r.role].push(r);
        const leases = await createPostgresReadStore(dbUrl);
        const holders = async () =>
          new Set(
            (await leases.collection(LEASES).find({})).map((lease) =>
              Number(String(lease.holder).split('/')[1]),
            ),
          );
        const [api0, api1] = procs.api as [Running, Running];
        const url = (r: Running) => `http://127.0.0.1:${r.port}`;
        let killed = false;
        const node = (i: number) => (killed ? api1 : i % 2 === 0 ? api0 : api1);

        const acknowledged = { users: [] as string[], payments: [] as string[], generations: [] as string[] };
        let requests = 0;

        /** One user, spread over both nodes (they share the session store), and over the kill. */
        const user = async (i: number) => {
          const to = (n: number) => request(url(node(n)));
          const registered = await request(url(node(i)))
            .post('/api/register')
            .send({ name: `Drill ${i}`, email: `drill${i}-${database}@example.com`, password: 'secret12' });
          requests += 1;
          if (registered.status !== 201) return;
          const userId = registered.body.id as string;
          acknowledged.users.push(userId);
          const cookie = (registered.headers['set-cookie'] as unknown as string[])
            .map((c) => c.split(';')[0])
            .join('; ');
          // The plan: checkout on one node, paid on the other.
          const session = await to(i)
            .post('/api/create-checkout-session')
            .set('Cookie', cookie)
            .send({ planId: 'basic' });
          requests += 1;
          if (session.status !== 200) return;
          const paid = await to(i + 1)
            .post(`${session.body.url}/pay`)
            .set('Cookie', cookie)
            .redirects(0);
          requests += 1;
          if (paid.status !== 302) return;
          acknowledged.payments.push(userId);
          await eventually(
            async () => ((await to(i).get('/api/user').set('Cookie', cookie)).body.credits ?? 0) > 0,
            60_000,
          );
          for (let g = 0; g < GENERATIONS_PER_USER; g += 1) {
            const res = await to(i + g)
              .post('/api/generate-coloring-book-page')
              .set('Cookie', cookie)
              .send({ prompt: `a drill fox number ${i}-${g}` });
            requests += 1;
            if (res.status === 202) acknowledged.generations.push(res.body.generationId as string);
          }
          const code = await to(i)
            .post('/api/qr-codes')
            .set('Cookie', cookie)
            .send({ title: `Drill ${i}`, linkType: 'direct', url: 'https://example.com/book' });
          requests += 1;
          if (code.status !== 201) return;
          const id = code.body.qrCode.id as string;
          for (let s = 0; s < SCANS_PER_CODE; s += 1) {
            await to(s)
              .get(`/r/${id}`)
              .set('User-Agent', PHONE)
              .set('X-Forwarded-For', `198.51.100.${i * 10 + s}`)
              .redirects(0);
            requests += 1;
          }
        };

        const firstHalf = Array.from({ length: USERS / 2 }, (_, i) => user(i).catch(() => undefined));
        await Promise.all(firstHalf);
        // Halfway: one process of each role dies without a word.
        const [projector0] = procs.projector as [Running];
        const [relay0] = procs.relay as [Running];
        const [worker0] = procs.worker as [Running];
        const [, projector1] = procs.projector as [Running, Running];
        const [, relay1] = procs.relay as [Running, Running];
        // Every runner's lease is held by the first projector and relay: they are the ones killed.
        expect(await holders()).toEqual(new Set([projector0.child.pid, relay0.child.pid]));
        const inFlight = Array.from({ length: USERS / 2 }, (_, i) =>
          user(USERS / 2 + i).catch(() => undefined),
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        await Promise.all([kill(api0), kill(worker0), kill(relay0), kill(projector0)]);
        killed = true;
        await Promise.all(inFlight);

        // Every acknowledged generation ends, on the surviving processes.
        const events = await createPostgresEventStore(dbUrl);
        const all = async () => events.readAll();
        const ofType = (log: RecordedEvent[], type: string, generationId: string) =>
          log.filter(
            (e) => e.type === type && (e.data as { generationId?: string }).generationId === generationId,
          );
        try {
          await eventually(async () => {
            const log = await all();
            return acknowledged.generations.every(
              (id) =>
                ofType(log, 'GenerationCompleted', id).length + ofType(log, 'GenerationFailed', id).length >
                0,
            );
          }, 240_000);
          const log = await all();
          const seconds = (Date.now() - started) / 1000;
          process.stdout.write(
            `multi-process drill: ${requests} requests, ${log.length} events, ${acknowledged.generations.length} generations in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(1)} requests/s)\n`,
          );

          expect(acknowledged.users.length).toBeGreaterThanOrEqual(USERS / 2);
          expect(acknowledged.generations.length).toBeGreaterThanOrEqual(USERS / 2);
          expect(new Set(log.map((e) => e.eventId)).size).toBe(log.length);
          for (const userId of acknowledged.users) {
            const registered = log.filter(
              (e) => e.type === 'UserRegistered' && e.streamName === accountStream(userId),
            );
            expect(registered).toHaveLength(1);
          }
          for (const userId of acknowledged.payments) {
            const grants = log.filter(
              (e) => e.type === 'CreditsGranted' && e.streamName === accountStream(userId),
            );
            expect(grants).toHaveLength(1);
          }
          for (const id of acknowledged.generations) {
            expect(ofType(log, 'GenerationRequested', id)).toHaveLength(1);
            expect(ofType(log, 'CreditsDebited', id)).toHaveLength(1);
            const completed = ofType(log, 'GenerationCompleted', id).length;
            const refunded = ofType(log, 'CreditsRefunded', id).length;
            // Done, or failed and refunded: exactly one of the two, each exactly once.
            expect([completed, refunded].sort()).toEqual([0, 1]);
          }

          // The standbys took every lease over, and their read models equal a fresh rebuild.
          expect(await holders()).toEqual(new Set([projector1.child.pid, relay1.child.pid]));
          await expectReadModelsEqualRebuild(env);
        } finally {
          await events.close();
          await leases.close();
        }
      });
    });
  });
}

/** Rebuilds every projection from the log into an empty store and compares collection by collection. */
async function expectReadModelsEqualRebuild(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ ...env, DATA_DIR: tempDataDir().dir }, { embedded: false });
  const platform = await openPlatform(config, createLogger('silent'));
  try {
    const modules = await featureModules(platform);
    const projections: Projection[] = modules.flatMap((m) => m.projections ?? []);
    const fresh = createSqliteReadStore(':memory:');
    for (const projection of projections) {
      const runner = new ProjectorRunner(platform.eventStore, fresh, projection, createLogger('silent'));
      await runner.rebuild();
      await runner.stop();
      const snapshot = async (store: ReadStore) =>
        Promise.all(
          projection.collections.map(async (collection) => ({
            collection,
            docs: await store.collection(collection).find({}, { sort: { _id: 1 } }),
          })),
        );
      const rebuilt = await snapshot(fresh);
      // The surviving projector may still be catching up with the last events: wait for it.
      // (Compared as toEqual does: a stored document's keys need not come in the rebuild's order.)
      const live = await eventually(async () => {
        const now = await snapshot(platform.readStore);
        try {
          expect(now).toEqual(rebuilt);
          return now;
        } catch {
          return false;
        }
      }, 60_000).catch(() => snapshot(platform.readStore));
      expect(live).toEqual(rebuilt);
    }
    await fresh.close();
  } finally {
    await closePlatform(platform);
  }
}
