import type Koa from 'koa';
import request from 'supertest';
import { DomainError } from '../platform/errors';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logging';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { PARKED_EVENTS, type ParkedEvent } from '../platform/runners/parked-events';
import { parkedEventRoutes } from './parked-routes';

const parked: ParkedEvent = {
  _id: 'refunds@7',
  reactor: 'refunds',
  position: 7,
  eventId: 'e7',
  type: 'GenerationFailed',
  stream: 'generation-g1',
  revision: 3,
  error: 'account busy',
  attempts: 5,
  parkedAt: '2026-11-22T08:00:00.000Z',
};

/** The header stands in for a session: the real check is requireAdmin, covered in routes.int.test.ts. */
const onlyAdmins = async (ctx: Koa.Context) => {
  if (ctx.get('x-test-role') !== 'admin') throw new DomainError('FORBIDDEN', 'admins only');
};

describe('parked event admin routes', () => {
  const readStore = createSqliteReadStore(':memory:');
  const retried: string[] = [];
  const app = createHttpApp({
    logger: createLogger('silent'),
    routes: [
      parkedEventRoutes({
        requireAdmin: onlyAdmins,
        readStore,
        retry: async (id) => {
          if (id !== parked._id) throw new DomainError('NOT_FOUND', `No parked event with id ${id}`);
          retried.push(id);
        },
      }),
    ],
  }).callback();
  beforeAll(() => readStore.apply([{ op: 'put', collection: PARKED_EVENTS, doc: parked }]));
  afterAll(() => readStore.close());

  it('lists parked events for an admin, with their id, reactor, event and error', async () => {
    const res = await request(app).get('/api/admin/parked-events').set('x-test-role', 'admin');
    expect(res.status).toBe(200);
    const { _id, ...rest } = parked;
    expect(res.body).toEqual([{ id: _id, ...rest }]);
  });

  it('refuses both routes to anyone else', async () => {
    expect((await request(app).get('/api/admin/parked-events')).status).toBe(403);
    const retry = await request(app).post('/api/admin/parked-events/refunds@7/retry');
    expect(retry.status).toBe(403);
    expect(retried).toEqual([]);
  });

  it('retries one event by id', async () => {
    const res = await request(app)
      .post('/api/admin/parked-events/refunds@7/retry')
      .set('x-test-role', 'admin');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(retried).toEqual(['refunds@7']);
  });

  it('answers a malformed id with 400 and an unknown one with 404, in the { message, error } shape', async () => {
    const bad = await request(app).post('/api/admin/parked-events/x;drop/retry').set('x-test-role', 'admin');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid parked event id', error: 'VALIDATION' });
    const unknown = await request(app)
      .post('/api/admin/parked-events/refunds@8/retry')
      .set('x-test-role', 'admin');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('NOT_FOUND');
  });
});
