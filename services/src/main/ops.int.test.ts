import request from 'supertest';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('/api/ready and /metrics on the embedded server', () => {
  const server = useEmbeddedServer({ PAYMENTS: 'simulated', METRICS_TOKEN: TOKEN });
  /** The full report: the operator's, with the metrics token. */
  const report = () => request(server().url).get('/api/ready').set('Authorization', `Bearer ${TOKEN}`);

  it('tells the public only whether it is ready: the report needs the metrics token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-same-size-000000', TOKEN]) {
      const anonymous = request(server().url).get('/api/ready');
      const res = await (authorization ? anonymous.set('Authorization', authorization) : anonymous);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ready' });
    }
    expect(Object.keys((await report()).body)).toEqual(
      expect.arrayContaining(['status', 'engines', 'projections', 'relay', 'queues', 'parkedEvents']),
    );
  });

  it('/api/health stays a cheap liveness answer', async () => {
    const res = await request(server().url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('reports every engine, projection, the relay, the job queue and parked events', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ready');
    for (const engine of ['eventStore', 'readStore', 'bus', 'blobs'])
      expect(res.body.engines[engine]).toEqual({ up: true, latencyMs: expect.any(Number) });
    const projections = res.body.projections.map((p: { name: string }) => p.name);
    expect(projections).toEqual(expect.arrayContaining(['accounts', 'generations']));
    expect(res.body.relay).toMatchObject({ name: 'relay', state: 'running', lag: 0 });
    expect(res.body.queues).toEqual([{ name: 'generation-jobs', depth: 0, oldestAgeSeconds: null }]);
    expect(res.body.parkedEvents).toBe(0);
  });

  it('reflects a stopped projector within a second, with its lag once events arrive', async () => {
    const projector = server().projectors.find((p) => p.projection.name === 'generations');
    if (!projector) throw new Error('no generations projector');
    await projector.stop();
    try {
      const started = Date.now();
      const res = await report();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('not ready');
      const generations = res.body.projections.find((p: { name: string }) => p.name === 'generations');
      expect(generations.state).toBe('stopped');

      const signUp = await request(server().url)
        .post('/api/register')
        .send({ name: 'Lag', email: 'lag@example.com', password: 'secret12' });
      expect(signUp.status).toBe(201);
      const lagging = await report();
      const behind = lagging.body.projections.find((p: { name: string }) => p.name === 'generations');
      expect(behind.lag).toBeGreaterThan(0);
    } finally {
      await projector.start();
    }
    await eventually(async () => (await report()).status === 200);
  });

  it("reports a projector standing by for another instance's lease as ready, and its takeover", async () => {
    const projector = server().projectors.find((p) => p.projection.name === 'generations');
    if (!projector) throw new Error('no generations projector');
    const { readStore } = server().platform;
    const elsewhere = 'another-host/1/standby-test';
    await projector.stop();
    try {
      expect(await readStore.acquireLease({ name: 'generations', holder: elsewhere, ttlMs: 60_000 })).toEqual(
        expect.any(Number),
      );
      await projector.start();
      const res = await report();
      expect(res.status).toBe(200);
      const generations = res.body.projections.find((p: { name: string }) => p.name === 'generations');
      expect(generations.state).toBe('standby');
    } finally {
      await readStore.releaseLease('generations', elsewhere);
    }
    await eventually(async () => projector.state === 'running');
  });

  it('counts the queued jobs and the age of the oldest', async () => {
    const { platform } = server();
    const agent = request.agent(server().url);
    const res = await agent
      .post('/api/register')
      .send({ name: 'Queue', email: 'queue@example.com', password: 'secret12' });
    const userId = res.body.id as string;
    // A job no worker has taken yet, queued 90 s ago.
    await platform.readStore.apply([
      {
        op: 'put',
        collection: 'generations',
        doc: {
          _id: 'waiting-job',
          userId,
          status: 'requested',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: new Date(Date.now() - 90_000).toISOString(),
        },
      },
    ]);
    const ready = await report();
    const jobs = ready.body.queues.find((q: { name: string }) => q.name === 'generation-jobs');
    expect(jobs.depth).toBe(1);
    expect(jobs.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
    expect(jobs.oldestAgeSeconds).toBeLessThan(120);
    await platform.readStore.apply([{ op: 'delete', collection: 'generations', id: 'waiting-job' }]);
  });

  it('counts the parked events', async () => {
    await server().platform.readStore.apply([
      { op: 'put', collection: 'parked_events', doc: { _id: 'relay@1', reactor: 'relay', position: 1 } },
    ]);
    const res = await report();
    expect(res.body.parkedEvents).toBe(1);
    await server().platform.readStore.apply([{ op: 'delete', collection: 'parked_events', id: 'relay@1' }]);
  });

  it('/metrics needs the bearer token', async () => {
    expect((await request(server().url).get('/metrics')).status).toBe(401);
    expect(
      (
        await request(server().url)
          .get('/metrics')
          .set('Authorization', 'Bearer wrong-token-of-same-size-000000')
      ).status,
    ).toBe(401);
    const res = await request(server().url).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('exposes request latency by route pattern and status, appends, lag, queue depth and engine state', async () => {
    const agent = request.agent(server().url);
    const reg = await agent
      .post('/api/register')
      .send({ name: 'Metric', email: 'metric@example.com', password: 'secret12' });
    await agent.get(`/api/coloring-book-generations/${reg.body.id}`);
    const text = (await request(server().url).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
    expect(text).toMatch(
      /studio_http_request_duration_seconds_count\{method="POST",route="\/api\/register",status="201"\} [1-9]/,
    );
    expect(text).toMatch(
      /studio_http_request_duration_seconds_count\{method="GET",route="\/api\/coloring-book-generations\/:userId",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/studio_events_appended_total\{type="UserRegistered"\} [1-9]/);
    expect(text).toMatch(/studio_projection_lag_events\{projection="generations"\} \d+/);
    expect(text).toMatch(/studio_reactor_lag_events\{reactor="relay"\} \d+/);
    expect(text).toMatch(/studio_job_queue_depth\{queue="generation-jobs"\} \d+/);
    expect(text).toMatch(/studio_engine_up\{engine="eventStore"\} 1/);
  });

  it('counts the payment webhook by outcome, and a no-JavaScript QR signup as a request, not a webhook', async () => {
    await request(server().url)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send('{}');
    await request(server().url).post('/qr-signup').type('form').send({ code: 'missing', email: 'a@b.co' });
    const text = (await request(server().url).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
    expect(text).toMatch(
      /studio_webhook_requests_total\{path="\/api\/stripe\/webhook",outcome="rejected"\} [1-9]/,
    );
    expect(text).not.toContain('studio_webhook_requests_total{path="/qr-signup"');
    expect(text).toMatch(
      /studio_http_request_duration_seconds_count\{method="POST",route="\/qr-signup",status="\d+"\} [1-9]/,
    );
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  const server = useEmbeddedServer({ PAYMENTS: 'simulated' });

  it('is not served at all', async () => {
    const res = await request(server().url).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('NOT_FOUND');
  });
});
