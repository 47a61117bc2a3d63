import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import request from 'supertest';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import type { FeatureModule, Platform } from '../platform/module';
import type { Doc } from '../platform/readstore/port';
import { QR_CODES } from '../qr/projections';
import { eventually, tempDataDir } from '../testing/helpers';
import { dropPostgresSchema, inSchema, whenPostgresAnswers } from '../testing/postgres-testing';
import { type RoleChild, spawnRole } from '../testing/spawn-embedded';
import { featureModules } from './modules';
import { closePlatform, openPlatform } from './platform';
import { closeServer, createApi, listen, startProjectors, stopModules } from './processes';

/**
 * The failover drill: two projector processes on one data folder (embedded engines), the API
 * writing events all along; the active projector is killed with SIGKILL mid-load. The standby
 * must take over, and at the end the read models must equal a fresh rebuild from the log:
 * QR scan counts are increments, so an event applied twice (or skipped) would show.
 */
const AGENTS = [
  'Mozilla/5.0 (iPhone) Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0) Chrome/124.0 Safari/537.36',
];

interface Load {
  scans: number;
  stop: boolean;
}

let serial = 0;

/** One visitor-and-owner loop: register, make a code, scan it, again, until told to stop. */
async function drive(url: string, load: Load): Promise<void> {
  while (!load.stop) {
    serial += 1;
    const owner = request.agent(url);
    const registered = await owner
      .post('/api/register')
      .send({ name: 'Failover', email: `failover-${serial}@example.com`, password: 'secret12' });
    expect(registered.status).toBe(201);
    const created = await owner
      .post('/api/qr-codes')
      .send({ title: `Flyer ${serial}`, linkType: 'direct', url: 'https://example.com/book' });
    expect(created.status).toBe(201);
    for (let i = 0; i < 6; i++) {
      const scan = await request(url)
        .get(`/r/${created.body.qrCode.id}`)
        .set('User-Agent', AGENTS[i % AGENTS.length] ?? '');
      expect(scan.status).toBe(302);
      load.scans += 1;
    }
  }
}

const leaseHolders = async (platform: Platform, names: string[]) =>
  Promise.all(names.map(async (name) => (await platform.readStore.getLease(name))?.holder.split('/')[1]));

async function dump(platform: Platform, modules: FeatureModule[]): Promise<Record<string, Doc[]>> {
  const collections: Record<string, Doc[]> = {};
  for (const projection of modules.flatMap((m) => m.projections ?? [])) {
    for (const name of projection.collections) {
      const docs = await platform.readStore.collection(name).find({}, { sort: { _id: 1 } });
      collections[name] = docs;
    }
  }
  return collections;
}

/**
 * `readStore('live')` is the read store the projectors share (undefined: DATA_DIR's SQLite file),
 * `readStore('rebuilt')` the one the fresh rebuild goes to.
 */
function failoverDrill(
  label: string,
  readStore: (which: 'live' | 'rebuilt', dataDir: string) => string | undefined,
  cleanup: () => Promise<void> = async () => {},
): void {
  const tmp = tempDataDir();
  const children: RoleChild[] = [];
  afterAll(async () => {
    for (const { child } of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    tmp.remove();
    await cleanup();
  });

  it(`${label}: the standby takes over; nothing counted twice, nothing missed`, async () => {
    const live = readStore('live', tmp.dir);
    const readStoreEnv: Record<string, string> = live ? { READ_STORE_URL: live } : {};
    const env = {
      ...readStoreEnv,
      DATA_DIR: tmp.dir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '100000',
      QR_SCAN_FLUSH_MS: '20',
      PAYMENTS: 'simulated',
    };
    // The API in this process: it writes the events the projector processes read.
    const platform = await openPlatform(loadConfig(env), createLogger('silent'));
    const modules = await featureModules(platform);
    const names = modules.flatMap((m) => m.projections ?? []).map((p) => p.name);
    let server: Server | undefined;
    try {
      server = await listen(createApi(platform, modules), '127.0.0.1', 0);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

      const active = await spawnRole('projector', tmp.dir, readStoreEnv);
      children.push(active);
      const standby = await spawnRole('projector', tmp.dir, readStoreEnv);
      children.push(standby);
      const [activePid, standbyPid] = [String(active.child.pid), String(standby.child.pid)];
      expect(new Set(await leaseHolders(platform, names))).toEqual(new Set([activePid]));

      const load: Load = { scans: 0, stop: false };
      const clients = Array.from({ length: 3 }, () => drive(url, load));
      await eventually(async () => load.scans >= 30, 60_000);
      active.child.kill('SIGKILL');
      expect(await active.exited).toBe('SIGKILL');
      const scansAtKill = load.scans;
      // Load goes on through the takeover.
      await eventually(
        async () =>
          load.scans >= scansAtKill + 30 &&
          (await leaseHolders(platform, names)).every((holder) => holder === standbyPid),
        60_000,
      );
      load.stop = true;
      await Promise.all(clients);
      await closeServer(server);
      server = undefined;
      await stopModules(modules); // the last scans' batch is appended

      // A fresh rebuild of every read model from the whole log, in a read store of its own.
      const head = (await platform.eventStore.headPosition()) ?? 0;
      const fresh = await openPlatform(
        loadConfig({ ...env, READ_STORE_URL: readStore('rebuilt', tmp.dir) }),
        createLogger('silent'),
      );
      let rebuilt: Record<string, Doc[]>;
      try {
        const freshModules = await featureModules(fresh);
        const runners = await startProjectors(fresh, freshModules);
        for (const runner of runners) await runner.waitFor(head);
        for (const runner of runners) await runner.stop();
        rebuilt = await dump(fresh, freshModules);
      } finally {
        await closePlatform(fresh);
      }
      // The surviving projector catches up to the same documents (an event applied twice or
      // skipped never would: the comparison after the wait shows the difference).
      await eventually(async () => isDeepStrictEqual(await dump(platform, modules), rebuilt), 60_000).catch(
        () => undefined,
      );
      const projected = await dump(platform, modules);
      expect(projected).toEqual(rebuilt);
      const counted = (projected[QR_CODES] ?? []).reduce((sum, code) => sum + Number(code.scans ?? 0), 0);
      expect(counted).toBe(load.scans);

      standby.child.kill('SIGTERM');
      expect(await standby.exited).toBe(0);
    } finally {
      if (server) await closeServer(server);
      await closePlatform(platform);
    }
  }, 180_000);
}

describe('projector failover (two processes, SIGKILL the active one)', () => {
  failoverDrill('embedded engines', (which, dataDir) =>
    which === 'live' ? undefined : `sqlite:${path.join(dataDir, 'rebuilt.db')}`,
  );
  whenPostgresAnswers('projector failover on the PostgreSQL read store', (url) => {
    const schema = `failover_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    failoverDrill(
      'PostgreSQL read store',
      (which) => inSchema(url, `${schema}_${which}`),
      async () => {
        await dropPostgresSchema(url, `${schema}_live`);
        await dropPostgresSchema(url, `${schema}_rebuilt`);
      },
    );
  });
});
