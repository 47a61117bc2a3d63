import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { readStoreContract } from './contract';
import { createPostgresReadStore } from './postgres';
import { dropPostgresSchema, inSchema, whenPostgresAnswers } from './postgres-testing';

/** In a schema of its own per run, dropped at the end. */
whenPostgresAnswers('PostgreSQL read store contract suite', (url) => {
  const schema = `readstore_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  readStoreContract(
    'postgresql',
    () => createPostgresReadStore(inSchema(url, schema)),
    () => dropPostgresSchema(url, schema),
  );

  describe('PostgreSQL read store', () => {
    const storeUrl = inSchema(url, schema);
    afterAll(() => dropPostgresSchema(url, schema));

    it('answers filtered queries from an expression index', async () => {
      const store = await createPostgresReadStore(storeUrl);
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await store.ensureIndex('codes_ix', ['ownerId']);
        await store.collection('codes_ix').put({ _id: '1', ownerId: 'u' });
        await client.query('SET enable_seqscan = off');
        const plan = await client.query(
          `EXPLAIN SELECT doc FROM "${schema}"."c_codes_ix" WHERE (doc #> ARRAY['ownerId']::text[] = '"u"'::jsonb)`,
        );
        expect(plan.rows.map((row) => row['QUERY PLAN']).join(' ')).toMatch(/Index Scan|Bitmap Index Scan/);
      } finally {
        await client.end();
        await store.drop(['codes_ix']);
        await store.close();
      }
    });

    it('counts every increment when two processes upsert the same new document at once', async () => {
      const stores = [await createPostgresReadStore(storeUrl), await createPostgresReadStore(storeUrl)];
      const id = randomUUID();
      try {
        await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            stores[i % 2]?.apply([{ op: 'update', collection: 'bumps', id, inc: { n: 1 }, upsert: true }]),
          ),
        );
        expect(await stores[0]?.collection('bumps').get(id)).toEqual({ _id: id, n: 60 });
      } finally {
        await stores[0]?.drop(['bumps']);
        for (const store of stores) await store.close();
      }
    });
  });
});
