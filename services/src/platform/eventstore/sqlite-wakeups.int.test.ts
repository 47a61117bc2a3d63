import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { waitUntil } from '../../testing/contracts/eventstore';
import { freshEvent } from '../../testing/fresh-event';
import { createSqliteEventStore } from './sqlite';

const event = () => freshEvent('Noted', {});

/** Every query a statement of this process runs (the subscription's log reads among them). */
const statementQueries = () => {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as { all: (...args: unknown[]) => unknown };
  probe.close();
  return jest.spyOn(proto, 'all');
};

describe('SQLite event store subscription wake-ups', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eventstore-wakeups-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  // Each append wakes a sleeping subscriber early; its poll timer must go with that sleep, or
  // every append leaves one more timer polling forever (a busy store's subscribers would spin).
  it('an idle subscriber polls once per interval however many appends woke it before', async () => {
    const pollMs = 40;
    const store = createSqliteEventStore(path.join(root, 'events.db'), { pollMs });
    const queries = statementQueries();
    try {
      let handled = 0;
      const subscription = store.subscribeToAll({}, async () => {
        handled += 1;
      });
      await subscription.caughtUp;
      for (let i = 1; i <= 30; i++) {
        await store.append('s', [event()], { expectedRevision: 'any' });
        await waitUntil(() => handled === i);
      }
      queries.mockClear();
      const idle = 10 * pollMs;
      await new Promise((resolve) => setTimeout(resolve, idle));
      // One read per interval at most (a slow machine polls less, never more); with a timer left
      // behind by each of the 30 wake-ups it would be hundreds.
      expect(queries.mock.calls.length).toBeLessThanOrEqual(idle / pollMs + 2);
      await subscription.stop();
    } finally {
      queries.mockRestore();
      await store.close();
    }
  });
});
