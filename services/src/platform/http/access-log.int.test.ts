import request from 'supertest';
import { capturingLogger } from '../../testing/helpers';
import { DomainError } from '../errors';
import { createHttpApp } from './app';

describe('access log', () => {
  const { logger, lines } = capturingLogger();
  const app = createHttpApp({
    logger,
    routes: [
      (router) => {
        router.get('/api/ok', (ctx) => {
          ctx.body = { ok: true };
        });
        router.get('/api/private', () => {
          throw new DomainError('UNAUTHENTICATED', 'Not authenticated');
        });
        router.get('/api/slow-down', () => {
          throw new DomainError('RATE_LIMITED', 'Too many attempts');
        });
        router.get('/api/crash', () => {
          throw new Error('boom');
        });
      },
    ],
  }).callback();

  const loggedStatusOf = async (path: string) => {
    const res = await request(app).get(path);
    const line = lines.find((l) => l.msg === 'request' && l.requestId === res.headers['x-request-id']);
    return { sent: res.status, logged: line?.status };
  };

  it.each([
    ['/api/ok', 200],
    ['/api/private', 401],
    ['/api/slow-down', 429],
    ['/api/crash', 500],
    ['/api/missing', 404],
  ])('records the status actually sent for %s (%d)', async (path, status) => {
    const { sent, logged } = await loggedStatusOf(path);
    expect(sent).toBe(status);
    expect(logged).toBe(status);
  });
});
