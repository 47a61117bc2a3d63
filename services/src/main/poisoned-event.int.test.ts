import request from 'supertest';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import { eventually, tempDataDir } from '../testing/helpers';
import { grantedAdmin } from '../testing/mail';
import { type Embedded, startEmbedded } from './embedded';
import { closePlatform, openPlatform } from './platform';

/**
 * A log that holds hostile or malformed events: the server starts on it, serves everyone, and
 * reports the one event its read models could not apply as parked (never a projection that
 * stops, a start-up that exits or a rebuild that answers 500).
 */
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

type Analytics = { scanCount: number; breakdowns: { referrer: Array<{ name: string; count: number }> } };
type Ready = { status: string; parkedEvents: number; projections: Array<{ name: string; state: string }> };

describe('a server started on a log holding poisoned events', () => {
  const tmp = tempDataDir();
  // The readiness report (parked events, projections) is for the operator: it needs the token.
  const METRICS_TOKEN = 'poisoned-event-test-token';
  const env = { DATA_DIR: tmp.dir, PORT: '0', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000', METRICS_TOKEN };
  let server: Embedded | undefined;
  afterAll(async () => {
    await server?.stop();
    tmp.remove();
  });

  const scan = (id: string, referer: string) =>
    request(server!.url).get(`/r/${id}`).set('User-Agent', DESKTOP).set('Referer', referer).redirects(0);
  const analytics = async (agent: request.Agent, id: string) =>
    (await agent.get(`/api/qr-codes/${id}/analytics`)).body.analytics as Analytics;
  const referrers = async (agent: request.Agent, id: string, scans: number) =>
    (
      await eventually(async () => {
        const stats = await analytics(agent, id);
        return stats.scanCount === scans && stats;
      })
    ).breakdowns.referrer;

  it('starts, serves, counts hostile referrer hosts as hosts, and parks the one event it cannot apply', async () => {
    // First run: an owner, two direct codes, and the scans that used to stop the QR read models.
    server = await startEmbedded(env);
    const owner = request.agent(server.url);
    await owner
      .post('/api/register')
      .send({ name: 'Owner', email: 'owner@example.com', password: 'secret12' });
    const code = async (title: string) => {
      const res = await owner
        .post('/api/qr-codes')
        .send({ title, linkType: 'direct', url: 'https://example.com/' });
      expect(res.status).toBe(201);
      return res.body.qrCode.id as string;
    };
    const first = await code('Constructor');
    const second = await code('Proto');
    // An ordinary scan, then one whose host is `constructor`, the same day.
    expect((await scan(first, 'https://news.example/')).status).toBe(302);
    await referrers(owner, first, 1);
    expect((await scan(first, 'http://constructor/')).status).toBe(302);
    // No scan before: two whose host is `__proto__`.
    expect((await scan(second, 'http://__proto__/')).status).toBe(302);
    expect((await scan(second, 'http://__proto__/')).status).toBe(302);
    expect(await referrers(owner, first, 2)).toEqual([
      { name: 'constructor', count: 1 },
      { name: 'news.example', count: 1 },
    ]);
    expect(await referrers(owner, second, 2)).toEqual([{ name: '__proto__', count: 2 }]);
    await server.stop();
    server = undefined;

    // An event the QR read models cannot apply, whatever wrote it: a code created with a numeric id.
    const platform = await openPlatform(loadConfig(env, { embedded: true }), createLogger('silent'));
    await platform.eventStore.append(
      'qr-Malformed0001',
      [
        {
          eventId: 'malformed-qr-created',
          type: 'QrCodeCreated',
          data: { qrId: 42, userId: 'nobody', title: 'x', linkType: 'direct', trackingEnabled: true },
          metadata: {
            correlationId: 'c',
            causationId: 'c',
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no-stream' },
    );
    await closePlatform(platform);

    // Second run on the same data: it starts, and reports the one event parked while ready, once
    // by each QR read model that reads it (the codes, and the images they use).
    server = await startEmbedded(env);
    const ready = await request(server.url).get('/api/ready').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(ready.status).toBe(200);
    expect(ready.body as Ready).toMatchObject({ status: 'ready', parkedEvents: 2 });
    expect((ready.body as Ready).projections.find((p) => p.name === 'qr')?.state).toBe('running');

    // It serves: the list, a new code in its owner's list, and analytics that keep counting.
    const again = request.agent(server.url);
    await again.post('/api/login').send({ email: 'owner@example.com', password: 'secret12' }).expect(200);
    const fresh = await again
      .post('/api/qr-codes')
      .send({ title: 'After', linkType: 'direct', url: 'https://example.com/' });
    expect(fresh.status).toBe(201);
    const titles = await eventually(async () => {
      const list = (await again.get('/api/qr-codes')).body.qrCodes as Array<{ title: string }>;
      return list.length === 3 && list.map((c) => c.title).sort();
    });
    expect(titles).toEqual(['After', 'Constructor', 'Proto']);
    expect((await scan(first, 'https://www.facebook.com/')).status).toBe(302);
    expect(await referrers(again, first, 3)).toEqual([
      { name: 'constructor', count: 1 },
      { name: 'news.example', count: 1 },
      { name: 'www.facebook.com', count: 1 },
    ]);

    // The admin sees the parked event, and the rebuild answers 2xx and parks it again.
    await grantedAdmin(server, 'owner@example.com');
    const parked = await again.get('/api/admin/parked-events').expect(200);
    expect(parked.body).toEqual([
      expect.objectContaining({ reactor: 'qr', eventId: 'malformed-qr-created', type: 'QrCodeCreated' }),
      expect.objectContaining({
        reactor: 'qr-images',
        eventId: 'malformed-qr-created',
        type: 'QrCodeCreated',
      }),
    ]);
    const rebuilt = await again.post('/api/admin/rebuild-read-models');
    expect(rebuilt.status).toBeLessThan(300);
    const afterRebuild = await request(server.url)
      .get('/api/ready')
      .set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(afterRebuild.body as Ready).toMatchObject({ status: 'ready', parkedEvents: 2 });
    expect(await referrers(again, first, 3)).toHaveLength(3);
    // Retried while still malformed: the record stays, with a 409.
    const retry = await again.post(`/api/admin/parked-events/${parked.body[0].id}/retry`);
    expect(retry.status).toBe(409);
  });
});
