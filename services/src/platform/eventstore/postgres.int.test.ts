import { randomUUID } from 'node:crypto';
import type { Event, RecordedEvent } from '@studio/events';
import pg from 'pg';
import { eventStoreContract, waitUntil } from '../../testing/contracts/eventstore';
import { freshEvent } from '../../testing/fresh-event';
import { whenEngineConfigured } from '../../testing/helpers';
import type { EventStore } from './port';
import { createPostgresEventStore } from './postgres';

whenEngineConfigured('POSTGRES_URL', 'PostgreSQL event store contract suite', (url) => {
  // A schema of its own per run: parallel runs and leftovers of earlier ones never meet.
  const schema = `es_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const dropSchema = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  };
  eventStoreContract('postgres', () => createPostgresEventStore(url, { schema }), dropSchema);

  describe('PostgreSQL event store: group commit', () => {
    // Fired in one turn, these appends share one transaction; each is still decided on its own.
    it('a conflict or a duplicate id in a group fails only its own member', async () => {
      const store = await createPostgresEventStore(url, { schema });
      try {
        const run = randomUUID();
        const taken = event(run, 0, 0);
        await store.append(`group_taken-${run}`, [taken], { expectedRevision: 'no-stream' });
        const members = Array.from({ length: 10 }, (_, i) => ({
          stream: `group_${i}-${run}`,
          e: event(run, i, 1),
        }));
        const outcomes = await Promise.allSettled([
          ...members.map(({ stream, e }) => store.append(stream, [e], { expectedRevision: 'no-stream' })),
          store.append(`group_taken-${run}`, [event(run, 99, 2)], { expectedRevision: 'no-stream' }),
          store.append(`group_other-${run}`, [taken], { expectedRevision: 'any' }),
        ]);
        expect(outcomes.slice(0, 10).every((o) => o.status === 'fulfilled')).toBe(true);
        expect(outcomes[10]).toMatchObject({
          status: 'rejected',
          reason: { name: 'WrongExpectedRevisionError' },
        });
        expect(outcomes[11]).toMatchObject({ status: 'rejected' });
        for (const { stream, e } of members)
          expect((await store.readStream(stream)).map((r) => r.eventId)).toEqual([e.eventId]);
        expect(await store.readStream(`group_other-${run}`)).toEqual([]);
        expect((await store.readStream(`group_taken-${run}`)).map((r) => r.eventId)).toEqual([taken.eventId]);
        const positions = outcomes
          .slice(0, 10)
          .map((o) => (o as PromiseFulfilledResult<{ position: number }>).value.position);
        expect(new Set(positions).size).toBe(10);
      } finally {
        await store.close();
      }
    });
  });

  describe('PostgreSQL event store: global order under concurrent writers', () => {
    const stores: EventStore[] = [];
    afterAll(async () => {
      await Promise.all(stores.map((s) => s.close()));
    });

    // Concurrent transactions commit out of the order in which they started: a reader that trusted
    // a plain sequence would pass over a position that commits after it has read a later one.
    it('a live reader sees every event of 16 concurrent writers exactly once, in position order', async () => {
      const reader = await createPostgresEventStore(url, { schema, pollMs: 20 });
      stores.push(reader);
      const from = (await reader.headPosition()) ?? 0;
      const seen: RecordedEvent[] = [];
      const run = randomUUID();
      const sub = reader.subscribeToAll({ after: from }, async (e) => {
        if ((e.data as { run?: string }).run === run) seen.push(e);
      });

      const writers = await Promise.all(
        Array.from({ length: 16 }, () => createPostgresEventStore(url, { schema, poolSize: 2 })),
      );
      stores.push(...writers);
      const perWriter = 40;
      const appended = await Promise.all(
        writers.map(async (store, w) => {
          const ids: string[] = [];
          for (let i = 0; i < perWriter; i += 1) {
            const e = event(run, w, i);
            // Half the appends go to a shared stream ('any'), half to the writer's own.
            const stream = i % 2 === 0 ? `order_shared-${run}` : `order_w${w}-${run}`;
            await store.append(stream, [e], { expectedRevision: 'any' });
            ids.push(e.eventId);
          }
          return ids;
        }),
      );
      const total = 16 * perWriter;
      await waitUntil(() => seen.length >= total, 20_000);
      await sub.stop();

      const ids = seen.map((e) => e.eventId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(total);
      expect(new Set(ids)).toEqual(new Set(appended.flat()));
      for (let i = 1; i < seen.length; i += 1)
        expect(seen[i]?.position).toBeGreaterThan(seen[i - 1]?.position ?? 0);
      // Each writer's own events arrive in the order it appended them.
      for (const [w, own] of appended.entries()) {
        const order = seen.filter((e) => (e.data as { writer: number }).writer === w).map((e) => e.eventId);
        expect(order).toEqual(own);
      }
      // And the log holds the same, with positions without gaps.
      const all = (await reader.readAll({ after: from })).filter(
        (e) => (e.data as { run?: string }).run === run,
      );
      expect(all.map((e) => e.eventId)).toEqual(ids);
    }, 60_000);
  });
});

function event(run: string, writer: number, i: number): Event {
  return freshEvent('Counted', { run, writer, i });
}
