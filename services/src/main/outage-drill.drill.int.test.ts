import { qrActivityStream } from '@studio/events';
import { createPostgresEventStore } from '../platform/eventstore/postgres';
import { eventually, tempDataDir, whenEngineConfigured } from '../testing/helpers';
import { drillDatabase } from '../testing/postgres-testing';
import { drillEnv, killRoles, type Role, type RoleProcess, startRole } from '../testing/role-process';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';

/**
 * A database outage is an outage, never a crash. The distributed runtime (an API, a worker, a
 * relay, a projector) reaches PostgreSQL through a TCP proxy this test runs, and takes a steady
 * load (sign-ins, reads, generations, QR scans) while the proxy refuses PostgreSQL (every
 * connection reset, new ones refused) and black-holes it (connections accepted, nothing ever
 * answered) by turns. At the end: no process exited, no request got a 500, every 503 carried
 * Retry-After and came within a bounded time, every scan the redirect acknowledged is in the
 * log, and a generation asked for afterwards completes (the runners resumed by themselves).
 */
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
/** ENGINE_CALL_TIMEOUT_MS of the processes: a black-holed query fails after this. */
const CALL_TIMEOUT_MS = 2000;
/** The longest a request may take during the outages: its query's bound, and its connection's, and slack. */
const REQUEST_BOUND_MS = 2 * CALL_TIMEOUT_MS + 2000;

whenEngineConfigured('POSTGRES_URL', 'outage drill (PostgreSQL behind a proxy)', (postgresUrl) => {
  whenEngineConfigured('NATS_URL', 'outage drill (PostgreSQL behind a proxy)', (natsUrl) => {
    jest.setTimeout(300_000);
    const scratch = drillDatabase(postgresUrl, 'outage');
    const database = scratch.name;
    const direct = scratch.url;
    const tmp = tempDataDir();
    const running: RoleProcess[] = [];
    let proxy: TcpProxy;

    beforeAll(async () => {
      await scratch.create();
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    });
    afterAll(async () => {
      await killRoles(running);
      await proxy?.close();
      await scratch.drop();
      tmp.remove();
    });

    it('PostgreSQL refused and black-holed by turns under load: 0 exits, 0 × 500, 0 acknowledged scans lost', async () => {
      const proxied = new URL(direct);
      proxied.port = String(proxy.port);
      const env = {
        ...drillEnv(
          proxied.toString(),
          `${natsUrl.replace(/\/$/, '')}?namespace=${database}&ackWaitMs=3000`,
          tmp.dir,
        ),
        ENGINE_CALL_TIMEOUT_MS: String(CALL_TIMEOUT_MS),
      };
      const roles: Role[] = ['api', 'worker', 'relay', 'projector'];
      for (const role of roles) running.push(await startRole(role, 0, env));
      const api = `http://127.0.0.1:${running[0]?.port}`;

      // A paying user with a code, before the outages.
      const call = (route: string, init: RequestInit & { cookie?: string } = {}) =>
        fetch(`${api}${route}`, {
          ...init,
          redirect: 'manual',
          headers: {
            'content-type': 'application/json',
            ...(init.cookie ? { cookie: init.cookie } : {}),
            ...(init.headers as Record<string, string>),
          },
        });
      const email = `outage-${database}@example.com`;
      const registered = await call('/api/register', {
        method: 'POST',
        body: JSON.stringify({ name: 'Outage Drill', email, password: 'secret12' }),
      });
      expect(registered.status).toBe(201);
      const cookie = (registered.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
      const userId = ((await registered.json()) as { id: string }).id;
      const session = (await (
        await call('/api/create-checkout-session', {
          method: 'POST',
          cookie,
          body: JSON.stringify({ planId: 'basic' }),
        })
      ).json()) as { url: string };
      expect((await call(`${session.url}/pay`, { method: 'POST', cookie })).status).toBe(302);
      await eventually(async () => {
        const user = (await (await call('/api/user', { cookie })).json()) as { credits?: number };
        return (user.credits ?? 0) > 0;
      }, 30_000);
      const code = (await (
        await call('/api/qr-codes', {
          method: 'POST',
          cookie,
          body: JSON.stringify({ title: 'Outage', linkType: 'direct', url: 'https://example.com/book' }),
        })
      ).json()) as { qrCode: { id: string } };
      const qrId = code.qrCode.id;

      // The load, until the outages are over.
      const answers: Array<{ route: string; status: number; ms: number; retryAfter: string | null }> = [];
      let acknowledgedScans = 0;
      let scanNumber = 0;
      let loading = true;
      const timed = async (route: string, request: () => Promise<Response>) => {
        const started = Date.now();
        const res = await request().catch(() => undefined);
        if (!res) return undefined;
        answers.push({
          route,
          status: res.status,
          ms: Date.now() - started,
          retryAfter: res.headers.get('retry-after'),
        });
        await res.arrayBuffer().catch(() => undefined);
        return res;
      };
      const loop = async (work: () => Promise<void>, pauseMs: number) => {
        while (loading) {
          await work();
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
      };
      const load = Promise.all([
        loop(async () => {
          scanNumber += 1;
          const n = scanNumber;
          const res = await timed('scan', () =>
            call(`/r/${qrId}`, {
              headers: { 'user-agent': PHONE, 'x-forwarded-for': `198.51.${Math.floor(n / 250)}.${n % 250}` },
            }),
          );
          if (res?.status === 302) acknowledgedScans += 1;
        }, 20),
        loop(async () => {
          await timed('login', () =>
            call('/api/login', { method: 'POST', body: JSON.stringify({ email, password: 'secret12' }) }),
          );
        }, 100),
        loop(async () => {
          await timed('user', () => call('/api/user', { cookie }));
        }, 50),
        loop(async () => {
          await timed('generate', () =>
            call('/api/generate-coloring-book-page', {
              method: 'POST',
              cookie,
              body: JSON.stringify({ prompt: 'an owl reading a book' }),
            }),
          );
        }, 1500),
      ]);

      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await pause(2000);
      for (const cut of ['refuse', 'blackhole', 'refuse', 'blackhole'] as const) {
        if (cut === 'refuse') await proxy.refuse();
        else proxy.blackhole();
        // A black-hole lasts longer than a query's bound, so that the bound is what ends the wait.
        await pause(cut === 'blackhole' ? 2.5 * CALL_TIMEOUT_MS : 3000);
        await proxy.restore();
        await pause(4000);
      }
      loading = false;
      await load;

      // No process exited.
      for (const r of running)
        expect({ role: r.role, exitCode: r.child.exitCode }).toEqual({ role: r.role, exitCode: null });
      // No 500; every 503 says when to come back; every answer within the bound.
      const statuses = new Set(answers.map((a) => a.status));
      expect([...statuses].filter((s) => s >= 500 && s !== 503)).toEqual([]);
      expect(answers.filter((a) => a.status === 503 && a.retryAfter === null)).toEqual([]);
      expect(answers.filter((a) => a.ms > REQUEST_BOUND_MS)).toEqual([]);
      // The outages were real: some requests were refused with 503.
      expect(answers.some((a) => a.status === 503)).toBe(true);

      // Every acknowledged scan is in the log once the database is back.
      const events = await createPostgresEventStore(direct.toString());
      try {
        const scans = async () =>
          (await events.readStream(qrActivityStream(qrId)))
            .filter((e) => e.type === 'QrScansRecorded')
            .reduce((n, e) => n + (e.data as { scans: unknown[] }).scans.length, 0);
        await eventually(async () => (await scans()) >= acknowledgedScans, 60_000).catch((error) => {
          throw new Error(
            `${error} (scans ${acknowledgedScans} acknowledged; logs:\n${running.map((r) => `${r.role}: ${r.output().slice(-3000)}`).join('\n')})`,
          );
        });
        // Every acknowledged scan, and none twice: a scan whose answer the client never read (its
        // connection dropped after the server took it) may be recorded too, never more than were sent.
        const recorded = await scans();
        expect(recorded).toBeGreaterThanOrEqual(acknowledgedScans);
        expect(recorded).toBeLessThanOrEqual(scanNumber);
        expect(acknowledgedScans).toBeGreaterThan(50);

        // The runners resumed by themselves: a generation asked for now completes and shows in the list.
        const asked = await call('/api/generate-coloring-book-page', {
          method: 'POST',
          cookie,
          body: JSON.stringify({ prompt: 'a fox after the outage' }),
        });
        expect(asked.status).toBe(202);
        const { generationId } = (await asked.json()) as { generationId: string };
        await eventually(async () => {
          const list = (await (
            await call(`/api/coloring-book-generations/${userId}`, { cookie })
          ).json()) as Array<{
            id: string;
            generationStatus: string;
          }>;
          return list.find((g) => g.id === generationId)?.generationStatus === 'completed';
        }, 60_000);
      } finally {
        await events.close();
      }
      process.stdout.write(
        `outage drill: ${answers.length} requests, ${answers.filter((a) => a.status === 503).length} × 503, ${acknowledgedScans} scans acknowledged and recorded, slowest ${Math.max(...answers.map((a) => a.ms))} ms\n`,
      );
    });
  });
});
