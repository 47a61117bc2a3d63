import { accountStream } from '@studio/events';
import type request from 'supertest';
import { member } from '../testing/givens';
import { eventually } from '../testing/helpers';
import { useEmbeddedServer } from '../testing/test-runtime';
import { accountDecider } from './decider';

/** The history stopped at 200 entries, so it no longer added up to the balance. */
describe('GET /api/credits/history pages', () => {
  const server = useEmbeddedServer();
  const ENTRIES = 450;

  type Entry = { id: string; amount: number; at: string; balanceAfter: number };
  const nextLink = (res: request.Response) =>
    /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];

  it('follows the next links through every entry, and the pages add up to the balance', async () => {
    const { agent, userId } = await member(server(), 'ledger@example.com', { name: 'Ledger' });
    // Every grant at the same instant: the cursor must break ties, not skip or repeat them.
    const at = new Date().toISOString();
    for (let i = 1; i <= ENTRIES; i++) {
      await server().platform.commands.handle(
        accountStream(userId),
        accountDecider,
        { type: 'GrantCredits', amount: i, reason: 'plan-purchase', planId: 'basic', paymentRef: `pay-${i}` },
        { at, correlationId: 'c', causationId: 'c', userId: userId },
      );
    }
    const balance = (await agent.get('/api/user')).body.credits as number;
    expect(balance).toBe((ENTRIES * (ENTRIES + 1)) / 2);

    const first = await eventually(async () => {
      const res = await agent.get('/api/credits/history');
      return nextLink(res) ? res : undefined;
    });
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(200);

    const seen: Entry[] = [...(first.body as Entry[])];
    let next = nextLink(first);
    let pages = 1;
    while (next) {
      const page = await agent.get(next);
      expect(page.status).toBe(200);
      seen.push(...(page.body as Entry[]));
      next = nextLink(page);
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen.map((e) => e.id)).size).toBe(ENTRIES);
    expect(seen.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
    // The running balance chains across pages: each entry leaves the balance the one above began with.
    expect(seen[0]?.balanceAfter).toBe(balance);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]?.balanceAfter).toBe(seen[i - 1]!.balanceAfter - seen[i - 1]!.amount);
    }
    expect(seen.at(-1)!.balanceAfter - seen.at(-1)!.amount).toBe(0);
  });

  it('takes a smaller page size, and refuses a forged cursor or a bad limit with 400', async () => {
    const { agent } = await member(server(), 'pager@example.com', { name: 'Pager' });
    expect((await agent.get('/api/credits/history?cursor=not-a-cursor')).status).toBe(400);
    const bad = await agent.get('/api/credits/history?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.any(String), error: expect.any(String) });
    expect((await agent.get('/api/credits/history?limit=500')).status).toBe(400);
    expect((await agent.get('/api/credits/history?limit=5')).body).toEqual([]);
  });
});
