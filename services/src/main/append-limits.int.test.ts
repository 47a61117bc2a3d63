import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountStream } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../account/decider';
import { PROFILE_UPDATES } from '../account/routes';
import type { FeatureModule, Platform } from '../platform/module';
import type { ProjectorRunner } from '../platform/runners/projector';
import { QR_CHANGES, QR_CREATIONS } from '../qr/routes';
import { GENERATION_STARTS } from '../studio/routes';
import { openTestRuntime } from '../testing/test-runtime';
import { featureModules } from './modules';
import { closeServer, createApi, listen, startProjectors, stopModules } from './processes';

/**
 * Every route that appends on an account's behalf answers a burst beyond the account's budget with
 * 429 and Retry-After, appending nothing more; the budget comes back with its window. The API alone
 * (no worker or reactor: every event is the request's own) on a clock the test moves.
 */
describe('per-account limits on appending routes', () => {
  let now = Date.parse('2026-11-27T10:00:00.000Z');
  let runtime: Platform & { dispose(): Promise<void> };
  let modules: FeatureModule[] = [];
  let projectors: ProjectorRunner[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    runtime = await openTestRuntime({ AUTH_RATE_LIMIT: '1000' }, { clock: { now: () => new Date(now) } });
    modules = await featureModules(runtime);
    projectors = await startProjectors(runtime, modules);
    server = await listen(createApi(runtime, modules), '127.0.0.1', 0);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await closeServer(server);
    await stopModules(modules);
    for (const projector of projectors) await projector.stop();
    await runtime.dispose();
  });

  let users = 0;
  const signUp = async (credits = 0) => {
    users += 1;
    const agent = request.agent(url);
    const res = await agent
      .post('/api/register')
      .send({ name: 'Lena Burst', email: `burst${users}@example.com`, password: 'secret12' });
    expect(res.status).toBe(201);
    const userId = res.body.id as string;
    if (credits > 0)
      await runtime.commands.handle(
        accountStream(userId),
        accountDecider,
        {
          type: 'GrantCredits',
          amount: credits,
          reason: 'plan-purchase',
          planId: 'premium',
          paymentRef: `p${users}`,
        },
        { at: new Date(now).toISOString(), correlationId: 't', causationId: 't' },
      );
    return { agent, userId };
  };
  const eventsOfType = async (type: string) =>
    (await runtime.eventStore.readAll({})).filter((e) => e.type === type).length;
  const statuses = (responses: request.Response[]) => {
    const counts: Record<number, number> = {};
    for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };
  /** Every refusal is a 429 that says when to come back, within the window that refused it. */
  const expectRefusals = (responses: request.Response[], withinSeconds: number) => {
    for (const refused of responses.filter((r) => r.status === 429)) {
      expect(refused.body).toEqual({ message: expect.stringMatching(/Too many/), error: 'RATE_LIMITED' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(withinSeconds);
    }
  };
  const [perMinute, perDay] = PROFILE_UPDATES.windows.map((w) => w.limit) as [number, number];

  it('profile updates: a concurrent burst appends the minute’s budget and no more; another account is unaffected', async () => {
    const { agent } = await signUp();
    const before = await eventsOfType('ProfileUpdated');
    const burst = await Promise.all(
      Array.from({ length: perMinute + 5 }, (_, i) =>
        agent.put('/api/user/profile').send({ name: `Lena ${i}` }),
      ),
    );
    expect(statuses(burst)).toEqual({ 200: perMinute, 429: 5 });
    expectRefusals(burst, 60);
    expect((await eventsOfType('ProfileUpdated')) - before).toBe(perMinute);
    const other = await signUp();
    expect((await other.agent.put('/api/user/profile').send({ name: 'Someone Else' })).status).toBe(200);
  });

  it('profile updates: the minute’s budget comes back each minute until the day’s is spent; the next day it is whole again', async () => {
    const { agent } = await signUp();
    const before = await eventsOfType('ProfileUpdated');
    let saved = 0;
    let refused: request.Response | undefined;
    // Bounded: without a day's budget the loop would never be refused.
    for (let minute = 0; !refused && minute < 2 * (perDay / perMinute); minute++) {
      for (let i = 0; i < perMinute && !refused; i++) {
        const res = await agent.put('/api/user/profile').send({ name: `Lena ${minute} ${i}` });
        if (res.status === 200) saved += 1;
        else refused = res;
      }
      now += 60_000;
    }
    expect(saved).toBe(perDay);
    expect(refused?.status).toBe(429);
    expectRefusals([refused as request.Response], 24 * 3600);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3600);
    expect((await eventsOfType('ProfileUpdated')) - before).toBe(perDay);
    now += 24 * 3600_000;
    expect((await agent.put('/api/user/profile').send({ name: 'Lena Next Day' })).status).toBe(200);
  });

  it('QR codes: creations and changes each have their budget; a refused change leaves the code as it was', async () => {
    now += 24 * 3600_000;
    const { agent } = await signUp();
    const created = await Promise.all(
      Array.from({ length: QR_CREATIONS.windows[0]!.limit + 3 }, (_, i) =>
        agent
          .post('/api/qr-codes')
          .send({ title: `Flyer ${i}`, linkType: 'direct', url: 'https://example.com/' }),
      ),
    );
    expect(statuses(created)).toEqual({ 201: QR_CREATIONS.windows[0]!.limit, 429: 3 });
    expectRefusals(created, 60);
    const id = created.find((r) => r.status === 201)?.body.qrCode.id as string;
    const changes = QR_CHANGES.windows[0]!.limit;
    const edits = await Promise.all(
      Array.from({ length: changes + 2 }, (_, i) =>
        agent.put(`/api/qr-codes/${id}`).send({ title: `Edit ${i}` }),
      ),
    );
    expect(statuses(edits)).toEqual({ 200: changes, 429: 2 });
    expectRefusals(edits, 60);
    // A deletion shares the changes' budget: refused, the code stays.
    const deletion = await agent.delete(`/api/qr-codes/${id}`);
    expect(deletion.status).toBe(429);
    expect((await agent.get(`/api/qr-codes/${id}`)).status).toBe(200);
    now += 60_000;
    expect((await agent.delete(`/api/qr-codes/${id}`)).status).toBe(200);
  });

  it('generations: a burst past the budget starts no job and spends no credit', async () => {
    const limit = GENERATION_STARTS.windows[0]!.limit;
    const { agent } = await signUp(4 * (limit + 10));
    const before = await eventsOfType('GenerationRequested');
    const burst = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) =>
        agent.post('/api/generate-coloring-book-page').send({ prompt: `a fox number ${i}` }),
      ),
    );
    expect(statuses(burst)).toEqual({ 202: limit, 429: 5 });
    expectRefusals(burst, 60);
    expect((await eventsOfType('GenerationRequested')) - before).toBe(limit);
    expect((await agent.get('/api/user')).body.credits).toBe(4 * 10);
  });
});
