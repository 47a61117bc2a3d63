import Database from 'better-sqlite3';
import { readStoreContract, rebuildWithIndex } from '../../testing/contracts/readstore';
import { useTempFiles } from '../../testing/helpers';
import type { WriteOp } from './port';
import { createSqliteReadStore } from './sqlite';

const freshFile = useTempFiles('read.db');
readStoreContract('sqlite', async () => createSqliteReadStore(freshFile()), undefined, { bulk: true });

describe('SQLite read store', () => {
  const rawDocs = (file: string, collection: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare(`SELECT id, doc FROM "c_${collection}" ORDER BY id`).all();
    } finally {
      db.close();
    }
  };

  it('bulk writes give the same bytes as apply, a deleteMany in the middle included', async () => {
    const ops: WriteOp[] = [
      { op: 'put', collection: 'jobs', doc: { _id: 'a', status: 'queued', n: 1 } },
      { op: 'put', collection: 'jobs', doc: { _id: 'b', status: 'done', n: 2 } },
      { op: 'update', collection: 'jobs', id: 'a', set: { status: 'done' }, inc: { n: 10 } },
      { op: 'put', collection: 'other', doc: { _id: 'x', v: 1 } },
      { op: 'deleteMany', collection: 'jobs', filter: { status: 'done' } },
      { op: 'put', collection: 'jobs', doc: { _id: 'c', status: 'done', n: 3 } },
      { op: 'update', collection: 'jobs', id: 'c', set: { late: true } },
      { op: 'update', collection: 'other', id: 'x', inc: { v: 1 } },
      { op: 'delete', collection: 'other', id: 'missing' },
    ];
    const applied = freshFile();
    const bulked = freshFile();
    const a = createSqliteReadStore(applied);
    const b = createSqliteReadStore(bulked);
    await a.apply(ops, { name: 'p', position: 9 });
    const bulk = b.bulk?.();
    bulk?.stage(ops.slice(0, 5));
    bulk?.stage(ops.slice(5));
    expect(await b.collection('other').get('x')).toBeNull(); // nothing written before the commit
    await bulk?.commit({ name: 'p', position: 9 });
    expect(await b.getCheckpoint('p')).toBe(9);
    await a.close();
    await b.close();
    expect(rawDocs(bulked, 'jobs')).toEqual(rawDocs(applied, 'jobs'));
    expect(rawDocs(bulked, 'other')).toEqual(rawDocs(applied, 'other'));
    expect(rawDocs(bulked, 'jobs')).toEqual([
      { id: 'c', doc: '{"_id":"c","late":true,"n":3,"status":"done"}' },
    ]);
  });

  it('stores the same documents as the same bytes, whatever the key order of the input', async () => {
    const ops = (reversed: boolean): WriteOp[] => {
      const doc = reversed
        ? { title: 'T', meta: { z: 1, a: [{ y: 1, b: 2 }] }, _id: 'g1' }
        : { _id: 'g1', meta: { a: [{ b: 2, y: 1 }], z: 1 }, title: 'T' };
      return [
        { op: 'put', collection: 'galleries', doc },
        { op: 'update', collection: 'stats', id: 's', inc: { 'daily.d2': 1, 'daily.d1': 1 }, upsert: true },
        { op: 'update', collection: 'stats', id: 's', set: { b: true, a: null }, setOnInsert: { c: 1 } },
      ];
    };
    const files = [freshFile(), freshFile()];
    for (const [i, file] of files.entries()) {
      const store = createSqliteReadStore(file);
      await store.apply(ops(i === 1), { name: 'p', position: 1 });
      await store.close();
    }
    const [first, second] = files.map((f) => [rawDocs(f, 'galleries'), rawDocs(f, 'stats')]);
    expect(second).toEqual(first);
    expect(first?.[0]).toEqual([
      { id: 'g1', doc: '{"_id":"g1","meta":{"a":[{"b":2,"y":1}],"z":1},"title":"T"}' },
    ]);
    expect(first?.[1]).toEqual([{ id: 's', doc: '{"_id":"s","a":null,"b":true,"daily":{"d1":1,"d2":1}}' }]);
  });

  it('keeps an own "__proto__" key of a document as a key, never as its prototype', async () => {
    const file = freshFile();
    const store = createSqliteReadStore(file);
    const doc = JSON.parse('{"_id":"p","meta":{"__proto__":{"admin":true},"n":1}}');
    await store.apply([{ op: 'put', collection: 'c', doc }]);
    await store.apply([{ op: 'update', collection: 'c', id: 'p', inc: { 'meta.n': 1 } }]);
    await store.close();
    expect(rawDocs(file, 'c')).toEqual([
      { id: 'p', doc: '{"_id":"p","meta":{"__proto__":{"admin":true},"n":2}}' },
    ]);
  });

  it('keeps data across reopening the file', async () => {
    const file = freshFile();
    const first = createSqliteReadStore(file);
    await first.apply([{ op: 'put', collection: 'c', doc: { _id: '1', v: 1 } }], { name: 'p', position: 5 });
    await first.close();
    const second = createSqliteReadStore(file);
    expect(await second.collection('c').get('1')).toEqual({ _id: '1', v: 1 });
    expect(await second.getCheckpoint('p')).toBe(5);
    await second.close();
  });

  it('answers filtered queries from an expression index', async () => {
    const file = freshFile();
    const store = createSqliteReadStore(file);
    await store.ensureIndex('codes', ['ownerId']);
    await store.collection('codes').put({ _id: '1', ownerId: 'u' });
    await store.close();
    const db = new Database(file, { readonly: true });
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT doc FROM "c_codes" WHERE (json_extract(doc, '$."ownerId"') = ? AND json_type(doc, '$."ownerId"') = 'text')`,
      )
      .all('u') as { detail: string }[];
    db.close();
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX ix_codes_/);
  });

  it('a rebuild commits the new documents with the indexes it was given, in the same transaction', async () => {
    const file = freshFile();
    const store = createSqliteReadStore(file);
    await rebuildWithIndex(store, 'codes');
    await store.close();
    const db = new Database(file, { readonly: true });
    const indexes = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c_codes' AND sql IS NOT NULL`,
      )
      .pluck()
      .all();
    db.close();
    expect(indexes).toEqual([expect.stringMatching(/^ix_codes_/)]);
    expect(rawDocs(file, 'codes')).toEqual([{ id: '1', doc: '{"_id":"1","ownerId":"u"}' }]);
  });
});
