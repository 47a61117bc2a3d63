import { DURATIONS_PATH } from '@studio/events';
import request from 'supertest';
import { member } from '../testing/givens';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import { median } from './durations';

describe('measured tool durations', () => {
  const server = useEmbeddedServer();

  it('takes the middle value, or the mean of the two middle ones, and none of nothing', () => {
    expect(median([30, 5, 10])).toBe(10);
    expect(median([40, 10, 20, 30])).toBe(25);
    expect(median([])).toBeNull();
  });

  it('answers signed-in users with the median of finished generations per tool, null where none', async () => {
    const { agent, userId } = await member(server(), 'durations@example.com', { credits: 10 });

    const before = await agent.get(DURATIONS_PATH);
    expect(before.status).toBe(200);
    expect(before.body['coloring-page']).toEqual({ medianSeconds: null, samples: 0 });

    const started = await agent.post('/api/generate-coloring-book-page').send({ prompt: 'a cat', userId });
    expect(started.status).toBe(202);
    const measured = await eventually(async () => {
      const body = (await agent.get(DURATIONS_PATH)).body;
      return body['coloring-page'].samples === 1 ? body : undefined;
    });
    expect(measured['coloring-page'].medianSeconds).toEqual(expect.any(Number));
    expect(measured['kids-book']).toEqual({ medianSeconds: null, samples: 0 });
    // Gen 2.0 waits for the user's choice of outline, so it is never measured.
    expect(measured['non-fiction-v2']).toEqual({ medianSeconds: null, samples: 0 });
  });

  it('refuses a caller without a session', async () => {
    const res = await request(server().url).get(DURATIONS_PATH);
    expect(res.status).toBe(401);
  });
});
