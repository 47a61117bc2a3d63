import { accountStream, type RecordedEvent } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../account/decider';
import { faultyBlobStore } from '../testing/faults/blobs';
import { faultyBus } from '../testing/faults/bus';
import { faultyEventStore } from '../testing/faults/eventstore';
import { faultyReadStore } from '../testing/faults/readstore';
import { faultSwitches } from '../testing/faults/switch';
import { member } from '../testing/givens';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';

/**
 * Fault drills on the embedded runtime: each engine behind a fault-injecting wrapper goes down,
 * slow or flapping while the server runs. Requests answer 503 UNAVAILABLE with Retry-After (never
 * a 500, never half a command), the runners pause and resume by themselves, and afterwards the
 * log holds every event once.
 */
jest.setTimeout(120_000);

/** The readiness report's details are the operator's: they need the metrics token. */
const METRICS_TOKEN = 'fault-drill-metrics-token-0123';

describe('fault drills: an engine drops while the server runs', () => {
  const faults = faultSwitches();
  // A short job lease: a job whose worker lost the event store mid-run is handed back within seconds.
  const server = useEmbeddedServer({ PAYMENTS: 'simulated', JOB_LEASE_MS: '1500', METRICS_TOKEN }, () => ({
    wrapEngines: (engines) => ({
      eventStore: faultyEventStore(engines.eventStore, faults.eventStore),
      readStore: faultyReadStore(engines.readStore, faults.readStore),
      bus: faultyBus(engines.bus, faults.bus),
      blobs: faultyBlobStore(engines.blobs, faults.blobs),
    }),
  }));
  afterEach(() => {
    for (const fault of Object.values(faults)) fault.up();
  });

  let emails = 0;
  const signUp = async () => {
    const given = await member(server(), `drill${++emails}@example.com`, { credits: 40 });
    await eventually(async () => (await given.agent.get('/api/user')).body.credits === 40);
    return given;
  };
  const generate = (agent: request.Agent, prompt: string) =>
    agent.post('/api/generate-coloring-book-page').send({ prompt });
  const expectUnavailable = (res: request.Response) => {
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: expect.stringContaining('try again'), error: 'UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
  };
  const eventsOf = async (type: string, generationId?: string) =>
    (await server().platform.eventStore.readAll()).filter(
      (e: RecordedEvent) =>
        e.type === type &&
        (generationId === undefined || (e.data as { generationId?: string }).generationId === generationId),
    );
  const done = (agent: request.Agent, userId: string, generationId: string) =>
    eventually(async () => {
      const list = await agent.get(`/api/coloring-book-generations/${userId}`);
      const item = list.body.find?.((g: { id: string }) => g.id === generationId);
      return item?.status === 'Done' ? item : undefined;
    }, 40_000);
  const ready = async () => (await request(server().url).get('/api/ready')).status === 200;

  it('event store down: commands answer 503 and spend nothing; projectors pause, then resume by themselves', async () => {
    const { agent, userId } = await signUp();
    faults.eventStore.down();
    expectUnavailable(await generate(agent, 'a fox in the dark'));
    expectUnavailable(
      await request(server().url)
        .post('/api/register')
        .send({ name: 'Xavier', email: 'xavier@example.com', password: 'secret12' }),
    );
    const report = await request(server().url)
      .get('/api/ready')
      .set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(report.status).toBe(503);
    expect(report.body.engines.eventStore.up).toBe(false);
    // The lists wait for their read model to catch up with the log; without a log they answer as they are.
    const books = await agent.get(`/api/airtable/books/${userId}`);
    expect(books.status).toBe(200);
    expect(books.body).toEqual([]);
    faults.eventStore.up();
    await eventually(ready);
    expect((await agent.get('/api/user')).body.credits).toBe(40);
    expect(await eventsOf('GenerationRequested')).toHaveLength(0);

    const started = await generate(agent, 'a fox in the light');
    expect(started.status).toBe(202);
    await done(agent, userId, started.body.generationId);
    expect(await eventsOf('GenerationRequested', started.body.generationId)).toHaveLength(1);
    expect(await eventsOf('GenerationCompleted', started.body.generationId)).toHaveLength(1);
    expect((await agent.get('/api/user')).body.credits).toBe(36);
  });

  it('read store down: reads answer 503; events written meanwhile reach the read models once', async () => {
    const { agent, userId } = await signUp();
    faults.readStore.down();
    expectUnavailable(await agent.get('/api/user'));
    // Another API process (its read store is fine) grants credits meanwhile.
    await server().platform.commands.handle(
      accountStream(userId),
      accountDecider,
      { type: 'GrantCredits', amount: 10, reason: 'renewal', planId: 'basic', paymentRef: `renew-${userId}` },
      { at: new Date().toISOString(), correlationId: 'drill', causationId: 'drill' },
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    faults.readStore.up();
    await eventually(ready);
    await eventually(async () => (await agent.get('/api/user')).body.credits === 50);
    // Applied once, not once per retry: still 50 once every projector has reached the log's head.
    await server().settle();
    expect((await agent.get('/api/user')).body.credits).toBe(50);
  });

  it('read store down: commands see it too, through the snapshots they fold from', async () => {
    faults.readStore.down();
    // A stream this process has not folded yet: its state starts from the snapshot store.
    await expect(
      server().platform.commands.load(accountStream('never-folded'), accountDecider),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE', engine: 'read store' });
  });

  it('bus down: the request is accepted, the relay waits, and the job runs once when the bus is back', async () => {
    const { agent, userId } = await signUp();
    faults.bus.down();
    const started = await generate(agent, 'a whale under the ice');
    expect(started.status).toBe(202);
    const readiness = () =>
      request(server().url).get('/api/ready').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    // The relay has tried to publish the job and was refused (it pauses): nothing could start it.
    const report = await eventually(async () => {
      const answer = await readiness();
      return answer.body.relay?.state === 'paused' ? answer : undefined;
    });
    expect(report.status).toBe(503);
    expect(await eventsOf('GenerationStarted', started.body.generationId)).toHaveLength(0);
    faults.bus.up();
    await done(agent, userId, started.body.generationId);
    await eventually(ready);
    expect(await eventsOf('GenerationCompleted', started.body.generationId)).toHaveLength(1);
  });

  it('blob store down: downloads answer 503, and the file is there when it is back', async () => {
    const { agent, userId } = await signUp();
    const started = await generate(agent, 'a lighthouse');
    const item = await done(agent, userId, started.body.generationId);
    faults.blobs.down();
    expectUnavailable(await agent.get(item.image));
    faults.blobs.up();
    const image = await agent.get(item.image).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('slow event store: requests take longer and still succeed, once each', async () => {
    const { agent, userId } = await signUp();
    faults.eventStore.slow(150);
    const before = Date.now();
    const started = await generate(agent, 'a slow snail');
    expect(started.status).toBe(202);
    expect(Date.now() - before).toBeGreaterThanOrEqual(150);
    await done(agent, userId, started.body.generationId);
    faults.eventStore.up();
    expect(await eventsOf('GenerationRequested', started.body.generationId)).toHaveLength(1);
  });

  it('flapping event store: a client that retries its 503s gets every generation exactly once, never a 500', async () => {
    const { agent, userId } = await signUp();
    await server().platform.commands.handle(
      accountStream(userId),
      accountDecider,
      { type: 'GrantCredits', amount: 160, reason: 'renewal', planId: 'basic', paymentRef: `more-${userId}` },
      { at: new Date().toISOString(), correlationId: 'drill', causationId: 'drill' },
    );
    faults.eventStore.flapping(60);
    const statuses = new Set<number>();
    const accepted: string[] = [];
    // Until four generations went through and the flapping refused at least one request.
    for (let attempt = 0; attempt < 200 && (accepted.length < 4 || !statuses.has(503)); attempt++) {
      const res = await generate(agent, `flap ${attempt}`);
      statuses.add(res.status);
      if (res.status === 202) accepted.push(res.body.generationId);
      else expectUnavailable(res);
    }
    faults.eventStore.up();
    expect(statuses).toEqual(new Set([202, 503]));
    for (const id of accepted) await done(agent, userId, id);
    const requested = (await eventsOf('GenerationRequested')).filter(
      (e) => (e.data as { userId: string }).userId === userId,
    );
    expect(requested.map((e) => (e.data as { generationId: string }).generationId).sort()).toEqual(
      [...accepted].sort(),
    );
    await eventually(async () => (await agent.get('/api/user')).body.credits === 200 - 4 * accepted.length);
    await eventually(ready);
  });
});
