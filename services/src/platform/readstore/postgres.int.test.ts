import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { readStoreContract, rebuildWithIndex } from '../../testing/contracts/readstore';
import { tempDataDir } from '../../testing/helpers';
import { dropPostgresSchema, inSchema, whenPostgresAnswers } from '../../testing/postgres-testing';
import type { Filter, ReadStore, WriteOp } from './port';
import { compileFilter, createPostgresReadStore } from './postgres';
import { createSqliteReadStore } from './sqlite';

/** In a schema of its own per run, dropped at the end. */
whenPostgresAnswers('PostgreSQL read store contract suite', (url) => {
  const schema = `readstore_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  readStoreContract(
    'postgresql',
    () => createPostgresReadStore(inSchema(url, schema)),
    () => dropPostgresSchema(url, schema),
    { bulk: true },
  );

  describe('PostgreSQL read store', () => {
    const storeUrl = inSchema(url, schema);
    afterAll(() => dropPostgresSchema(url, schema));

    /** A store in the run's schema and a client of the server, ended and closed after `body`, its collection dropped. */
    const withStoreAndClient = async (
      collection: string,
      body: (store: ReadStore, client: Client) => Promise<void>,
    ) => {
      const store = await createPostgresReadStore(storeUrl);
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await body(store, client);
      } finally {
        await client.end();
        await store.drop([collection]);
        await store.close();
      }
    };

    it('stores written by several processes create a new collection at the same moment without failing', async () => {
      const stores = await Promise.all(Array.from({ length: 8 }, () => createPostgresReadStore(storeUrl)));
      try {
        for (let round = 0; round < 5; round++) {
          const collection = `racing_${round}`;
          await Promise.all(stores.map((store, i) => store.collection(collection).put({ _id: `d${i}` })));
          expect(await stores[0]?.collection(collection).count()).toBe(stores.length);
        }
      } finally {
        await stores[0]?.drop(Array.from({ length: 5 }, (_, round) => `racing_${round}`));
        await Promise.all(stores.map((store) => store.close()));
      }
    });

    it('answers the filters on strings (equality, $in, ranges) from its indexes', async () => {
      await withStoreAndClient('codes_ix', async (store, client) => {
        await store.ensureIndex('codes_ix', ['ownerId', 'kind']);
        await store.ensureIndex('codes_ix', ['at']);
        await store.collection('codes_ix').put({ _id: '1', ownerId: 'u', kind: 'k', at: '2026-11-29' });
        await client.query('SET enable_seqscan = off');
        const filters: Filter[] = [
          { ownerId: 'u' },
          { ownerId: 'u', kind: 'k' },
          { ownerId: { $in: ['u', 'v'] } },
          { at: { $gte: '2026-11-01', $lt: '2026-12-01' } },
        ];
        for (const filter of filters) {
          // The very WHERE clause the store sends.
          const where = compileFilter(filter);
          const plan = await client.query(
            `EXPLAIN SELECT doc FROM "${schema}"."c_codes_ix" WHERE ${where.sql}`,
            where.params,
          );
          expect(plan.rows.map((row) => row['QUERY PLAN']).join(' ')).toMatch(/Index Scan (using|on) ix_/);
        }
      });
    });

    it('drops the index it made on the JSONB values of the same fields before', async () => {
      await withStoreAndClient('codes_old', async (store, client) => {
        await store.collection('codes_old').put({ _id: '1', ownerId: 'u' });
        const old = `ix_${createHash('sha1').update('codes_old\0ownerId').digest('hex').slice(0, 16)}`;
        await client.query(
          `CREATE INDEX "${old}" ON "${schema}"."c_codes_old" ((doc #> ARRAY['ownerId']::text[]))`,
        );
        await store.ensureIndex('codes_old', ['ownerId']);
        const indexes = await client.query(
          `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'c_codes_old' AND indexname LIKE 'ix_%'`,
          [schema],
        );
        expect(indexes.rows).toEqual([
          { indexname: expect.not.stringMatching(old), indexdef: expect.stringContaining('#>>') },
        ]);
      });
    });

    it('a rebuild commits the new documents with the indexes it was given, in the same transaction', async () => {
      await withStoreAndClient('codes_bulk', async (store, client) => {
        await rebuildWithIndex(store, 'codes_bulk');
        const indexes = await client.query(
          `SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = 'c_codes_bulk' ORDER BY indexname`,
          [schema],
        );
        expect(indexes.rows.map((row) => row.indexname)).toEqual([
          'c_codes_bulk_pkey',
          expect.stringMatching(/^ix_/),
        ]);
        expect(await store.collection('codes_bulk').find({ ownerId: 'u' })).toEqual([
          { _id: '1', ownerId: 'u' },
        ]);
      });
    });

    it('gives the same documents as SQLite for one batch mixing every op, a deleteMany in the middle', async () => {
      const ops: WriteOp[] = [
        { op: 'put', collection: 'mixed', doc: { _id: 'a', status: 'queued', n: 1 } },
        {
          op: 'update',
          collection: 'mixed',
          id: 'b',
          inc: { n: 2 },
          setOnInsert: { status: 'done' },
          upsert: true,
        },
        { op: 'update', collection: 'mixed', id: 'ghost', inc: { n: 1 } }, // missing, no upsert: nothing
        { op: 'update', collection: 'mixed', id: 'gone', set: { status: 'done' }, upsert: true },
        { op: 'delete', collection: 'mixed', id: 'gone' },
        { op: 'update', collection: 'mixed', id: 'a', set: { status: 'done' }, inc: { n: 10 } },
        { op: 'update', collection: 'mixed', id: 'old', set: { status: 'done' } },
        { op: 'deleteMany', collection: 'mixed', filter: { status: 'done' } },
        { op: 'update', collection: 'mixed', id: 'b', inc: { n: 5 }, upsert: true },
        { op: 'update', collection: 'mixed', id: 'a', inc: { n: 1 } }, // deleted above: nothing
        { op: 'update', collection: 'mixed', id: 'old', inc: { n: 1 }, upsert: true }, // deleted, then new
        { op: 'put', collection: 'mixed', doc: { _id: 'c', nested: { deep: [1, 'two'] } } },
      ];
      const tmp = tempDataDir();
      const sqlite = createSqliteReadStore(path.join(tmp.dir, 'read.db'));
      const postgres = await createPostgresReadStore(storeUrl);
      try {
        const seed: WriteOp[] = [
          { op: 'put', collection: 'mixed', doc: { _id: 'old', status: 'queued', n: 7 } },
        ];
        for (const store of [sqlite, postgres]) {
          await store.apply(seed);
          await store.apply(ops, { name: 'mixed', position: 1 });
        }
        const expected = await sqlite.collection('mixed').find();
        expect(expected).toEqual([
          { _id: 'b', n: 5 },
          { _id: 'c', nested: { deep: [1, 'two'] } },
          { _id: 'old', n: 1 },
        ]);
        expect(await postgres.collection('mixed').find()).toEqual(expected);
      } finally {
        await postgres.drop(['mixed']);
        await postgres.close();
        await sqlite.close();
        tmp.remove();
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
