import { randomUUID } from 'node:crypto';
import { LEASES } from '../../platform/readstore/lease';
import {
  CHECKPOINTS,
  type Doc,
  type Filter,
  type ReadStore,
  type WriteOp,
} from '../../platform/readstore/port';
import { readStoreFaultContract } from './readstore-faults';

/**
 * The behaviour every ReadStore adapter must have. Collection and checkpoint names are unique per
 * test (and dropped afterwards), so the suite can run against a shared server.
 */
/**
 * A rebuild of `collection` through the store's `bulk`, given an index on ownerId: the old
 * document `old` gives way to `{ _id: '1', ownerId: 'u' }`. For the adapters' own checks of what
 * the rebuild committed.
 */
export async function rebuildWithIndex(store: ReadStore, collection: string): Promise<void> {
  await store.ensureIndex(collection, ['ownerId']);
  await store.collection(collection).put({ _id: 'old', ownerId: 'u' });
  const bulk = store.bulk?.({ replacing: [collection], indexes: [{ collection, fields: ['ownerId'] }] });
  bulk?.stage([{ op: 'put', collection, doc: { _id: '1', ownerId: 'u' } }]);
  await bulk?.commit({ name: collection, position: 1 });
}

export function readStoreContract(
  name: string,
  make: () => Promise<ReadStore>,
  cleanup?: () => Promise<void>,
  /** `bulk`: the adapter offers the rebuild's fast path, and its cases run. */
  options: { bulk?: boolean } = {},
): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;
    let used: string[] = [];
    const fresh = (label: string) => {
      const collection = `t_${label}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      used.push(collection);
      return collection;
    };
    const ids = (docs: Doc[]) => docs.map((d) => d._id);

    beforeEach(async () => {
      store = await make();
      used = [];
    });
    afterEach(async () => {
      await store.drop(used);
      await store.close();
    });
    if (cleanup) afterAll(cleanup);

    describe('documents', () => {
      it('puts, gets, replaces, counts and deletes', async () => {
        const c = store.collection(fresh('crud'));
        expect(await c.get('missing')).toBeNull();
        const doc = {
          _id: 'a',
          title: 'Ünïcode ✓',
          n: 1.5,
          flag: false,
          none: null,
          list: [1, 'two', { three: true }],
          nested: { deep: { value: 'x' } },
        };
        await c.put(doc);
        expect(await c.get('a')).toEqual(doc);
        await c.put({ _id: 'a', only: 'this' });
        expect(await c.get('a')).toEqual({ _id: 'a', only: 'this' });
        await c.put({ _id: 'b' });
        expect(await c.count()).toBe(2);
        await c.delete('a');
        await c.delete('never-existed');
        expect(await c.get('a')).toBeNull();
        expect(await c.count()).toBe(1);
      });

      it('rejects invalid collection names', () => {
        for (const bad of ['', 'bad-name', '../x', 'a.b', 'x y']) {
          expect(() => store.collection(bad)).toThrow();
        }
      });
    });

    describe('filters', () => {
      const docs: Doc[] = [
        { _id: 'a', n: 1, s: 'apple', b: true, z: null, nested: { x: 1, day: { '2026-01-01': 5 } } },
        { _id: 'b', n: 2, s: 'banana', b: false, nested: { x: 2 } },
        { _id: 'c', n: 3, s: 'cherry', b: true },
        { _id: 'd', n: '3', s: 'date', b: 1 },
        { _id: 'e', n: 2.5, s: 'Apple', b: 'true', z: 'zz' },
      ];
      const cases: [string, Filter, string[]][] = [
        ['no filter', {}, ['a', 'b', 'c', 'd', 'e']],
        ['number equality (not the string "3")', { n: 3 }, ['c']],
        ['string equality (not the number 3)', { n: '3' }, ['d']],
        ['true (not 1, not "true")', { b: true }, ['a', 'c']],
        ['false (not 0)', { b: false }, ['b']],
        ['1 (not true)', { b: 1 }, ['d']],
        ['"true" (not true)', { b: 'true' }, ['e']],
        ['$ne a string includes other types', { n: { $ne: '3' } }, ['a', 'b', 'c', 'e']],
        ['null matches null and missing', { z: null }, ['a', 'b', 'c', 'd']],
        ['$eq', { n: { $eq: 2 } }, ['b']],
        ['$ne includes missing', { 'nested.x': { $ne: 1 } }, ['b', 'c', 'd', 'e']],
        ['$ne null means present', { z: { $ne: null } }, ['e']],
        ['$ne boolean', { b: { $ne: true } }, ['b', 'd', 'e']],
        ['dotted path', { 'nested.x': 1 }, ['a']],
        ['dotted path with a dashed key', { 'nested.day.2026-01-01': 5 }, ['a']],
        ['$gt only compares numbers with numbers', { n: { $gt: 2 } }, ['c', 'e']],
        ['$gte', { n: { $gte: 2 } }, ['b', 'c', 'e']],
        ['$lt', { n: { $lt: 2 } }, ['a']],
        ['$lte', { n: { $lte: 2 } }, ['a', 'b']],
        ['range', { n: { $gt: 1, $lt: 3 } }, ['b', 'e']],
        ['$gt on strings is binary order', { s: { $gt: 'b' } }, ['b', 'c', 'd']],
        ['$lt on strings', { s: { $lt: 'b' } }, ['a', 'e']],
        ['$gte with a string only sees strings', { n: { $gte: '3' } }, ['d']],
        ['$gt on booleans', { b: { $gt: false } }, ['a', 'c']],
        ['$in mixed types', { n: { $in: [1, 3, '3'] } }, ['a', 'c', 'd']],
        ['$in strings', { s: { $in: ['apple', 'cherry', 'nope'] } }, ['a', 'c']],
        ['$in with null', { z: { $in: [null, 'zz'] } }, ['a', 'b', 'c', 'd', 'e']],
        ['empty $in', { s: { $in: [] } }, []],
        ['_id equality', { _id: 'b' }, ['b']],
        ['_id $in', { _id: { $in: ['a', 'e', 'x'] } }, ['a', 'e']],
        ['_id range', { _id: { $gt: 'c' } }, ['d', 'e']],
        ['all conditions must hold', { n: 2, s: 'banana' }, ['b']],
        ['and none when one fails', { n: 2, s: 'apple' }, []],
      ];

      it.each(cases)('%s', async (_label, filter, expected) => {
        const name = fresh('filter');
        await store.apply(docs.map((doc) => ({ op: 'put', collection: name, doc })));
        const c = store.collection(name);
        expect(ids(await c.find(filter, { sort: { _id: 1 } }))).toEqual(expected);
        expect(await c.count(filter)).toBe(expected.length);
      });

      it('rejects operators outside the port and malformed conditions', async () => {
        const c = store.collection(fresh('badfilter'));
        await c.put({ _id: 'a', n: 1 });
        await expect(c.find({ n: { $regex: 'a' } } as unknown as Filter)).rejects.toThrow();
        await expect(c.find({ n: {} } as Filter)).rejects.toThrow();
        await expect(c.find({ n: { $in: 1 } } as unknown as Filter)).rejects.toThrow();
        await expect(c.find({ $or: [] } as unknown as Filter)).rejects.toThrow();
      });
    });

    describe('sort, limit, skip', () => {
      const players: Doc[] = [
        { _id: 'p1', score: 2, name: 'x' },
        { _id: 'p2', score: 1, name: 'y' },
        { _id: 'p3', score: 2, name: 'z' },
        { _id: 'p4', score: 1, name: 'a' },
        { _id: 'p5', name: 'm' },
      ];

      it('sorts with missing fields first, ties broken by _id, and pages', async () => {
        const name = fresh('sort');
        // Inserted out of order so storage order cannot pass for sorting.
        await store.apply([...players].reverse().map((doc) => ({ op: 'put', collection: name, doc })));
        const c = store.collection(name);
        expect(ids(await c.find({}, { sort: { score: 1 } }))).toEqual(['p5', 'p2', 'p4', 'p1', 'p3']);
        expect(ids(await c.find({}, { sort: { score: -1 } }))).toEqual(['p1', 'p3', 'p2', 'p4', 'p5']);
        expect(ids(await c.find({}, { sort: { score: -1, name: 1 } }))).toEqual([
          'p1',
          'p3',
          'p4',
          'p2',
          'p5',
        ]);
        expect(ids(await c.find({}, { sort: { _id: -1 } }))).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);
        expect(ids(await c.find())).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
        expect(ids(await c.find({}, { sort: { score: -1 }, skip: 1, limit: 2 }))).toEqual(['p3', 'p2']);
        expect(ids(await c.find({}, { sort: { score: -1 }, skip: 3 }))).toEqual(['p4', 'p5']);
        expect(ids(await c.find({ score: { $gte: 1 } }, { sort: { name: -1 }, limit: 3 }))).toEqual([
          'p3',
          'p2',
          'p1',
        ]);
        expect(await c.find({}, { limit: 0 })).toEqual([]);
        await expect(c.find({}, { limit: -1 })).rejects.toThrow();
      });
      it('orders mixed types as MongoDB does: null/missing, numbers, strings, booleans', async () => {
        const name = fresh('mixed');
        const values: [string, unknown][] = [
          ['m1', true],
          ['m2', 'b'],
          ['m3', 2.5],
          ['m4', 1],
          ['m5', null],
          ['m6', 'a'],
          ['m7', false],
          ['m8', undefined],
          ['m9', -3],
        ];
        await store.apply(
          values.map(([id, v]) => ({
            op: 'put',
            collection: name,
            doc: v === undefined ? { _id: id } : { _id: id, v },
          })),
        );
        const c = store.collection(name);
        expect(ids(await c.find({}, { sort: { v: 1 } }))).toEqual([
          'm5',
          'm8',
          'm9',
          'm4',
          'm3',
          'm6',
          'm2',
          'm7',
          'm1',
        ]);
        expect(ids(await c.find({}, { sort: { v: -1 } }))).toEqual([
          'm1',
          'm7',
          'm2',
          'm6',
          'm3',
          'm4',
          'm9',
          'm5',
          'm8',
        ]);
      });
    });

    describe('update', () => {
      it('sets dotted paths (creating objects) and increments (missing = 0)', async () => {
        const c = store.collection(fresh('update'));
        await c.put({ _id: 'q', owner: 'u1', stats: { scans: 2 }, keep: 'me' });
        await c.update('q', {
          set: { 'daily.2026-01-01.label': 'Mon', owner: 'u2' },
          inc: { 'stats.scans': 3, 'stats.signups': 1, 'daily.2026-01-01.scans': 1 },
        });
        expect(await c.get('q')).toEqual({
          _id: 'q',
          owner: 'u2',
          keep: 'me',
          stats: { scans: 5, signups: 1 },
          daily: { '2026-01-01': { label: 'Mon', scans: 1 } },
        });
        await c.update('q', { inc: { 'stats.scans': -5 } });
        expect((await c.get('q'))?.stats).toEqual({ scans: 0, signups: 1 });
      });

      it('does nothing to a missing document without upsert', async () => {
        const c = store.collection(fresh('noupsert'));
        await c.update('ghost', { set: { a: 1 }, inc: { n: 1 }, setOnInsert: { created: true } });
        expect(await c.get('ghost')).toBeNull();
        expect(await c.count()).toBe(0);
      });

      it('creates a missing document with upsert, applying setOnInsert only then', async () => {
        const c = store.collection(fresh('upsert'));
        // A visit by `name`: the name set, the count raised, the first visit's time and plan kept.
        const visit = (name: string, createdAt: string, plan: string) =>
          c.update(
            'u',
            { set: { 'profile.name': name }, inc: { visits: 1 }, setOnInsert: { createdAt, plan } },
            { upsert: true },
          );
        // The document after `visits` visits, the last by `name`: the first visit's time and plan.
        const withFirstVisitKept = (name: string, visits: number) => ({
          _id: 'u',
          profile: { name },
          visits,
          createdAt: 't1',
          plan: 'free',
        });
        await visit('Ann', 't1', 'free');
        expect(await c.get('u')).toEqual(withFirstVisitKept('Ann', 1));
        await visit('Bea', 't2', 'pro');
        expect(await c.get('u')).toEqual(withFirstVisitKept('Bea', 2));
        await c.update('empty', {}, { upsert: true });
        expect(await c.get('empty')).toEqual({ _id: 'empty' });
      });

      it('rejects an increment of a non-number, a path below a scalar, and touching _id', async () => {
        const c = store.collection(fresh('badupdate'));
        await c.put({ _id: 'x', name: 'text', n: 1 });
        await expect(c.update('x', { inc: { name: 1 } })).rejects.toThrow();
        await expect(c.update('x', { set: { 'n.deeper': 1 } })).rejects.toThrow();
        await expect(c.update('x', { set: { _id: 'y' } })).rejects.toThrow();
        await expect(c.update('x', { set: { n: 2 }, inc: { n: 1 } })).rejects.toThrow();
        expect(await c.get('x')).toEqual({ _id: 'x', name: 'text', n: 1 });
      });
    });

    describe('paths that could reach the prototype', () => {
      const RESERVED = ['__proto__', 'constructor', 'prototype'];
      const reserved = /reserved/;

      it('refuses __proto__, constructor and prototype segments with a clear error, and writes nothing', async () => {
        const name = fresh('reserved');
        const c = store.collection(name);
        await c.put({ _id: 'x', stats: { scans: 1 } });
        for (const segment of RESERVED) {
          await expect(c.update('x', { set: { [`${segment}.polluted`]: 1 } })).rejects.toThrow(reserved);
          await expect(c.update('x', { set: { [`stats.${segment}.polluted`]: 1 } })).rejects.toThrow(
            reserved,
          );
          await expect(c.update('x', { inc: { [`stats.${segment}`]: 1 } })).rejects.toThrow(reserved);
          await expect(
            c.update('y', { setOnInsert: { [`a.${segment}`]: 1 } }, { upsert: true }),
          ).rejects.toThrow(reserved);
          await expect(
            store.apply([
              { op: 'put', collection: name, doc: { _id: 'z' } },
              { op: 'update', collection: name, id: 'x', inc: { [`${segment}.n`]: 1 } },
            ]),
          ).rejects.toThrow(reserved);
          await expect(c.find({ [`stats.${segment}`]: 1 })).rejects.toThrow(reserved);
          await expect(c.find({}, { sort: { [`${segment}.x`]: 1 } })).rejects.toThrow(reserved);
        }
        expect(await c.find()).toEqual([{ _id: 'x', stats: { scans: 1 } }]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty('polluted');
      });

      it('reads and writes own properties only: keys named like Object methods are ordinary fields', async () => {
        const c = store.collection(fresh('ownkeys'));
        await c.put({ _id: 'x', stats: {} });
        await c.update('x', {
          inc: { 'stats.toString': 1, 'stats.valueOf': 2, 'stats.hasOwnProperty': 3 },
          set: { 'meta.isPrototypeOf': 'yes' },
        });
        await c.update('x', { inc: { 'stats.toString': 1 } });
        expect(await c.get('x')).toEqual({
          _id: 'x',
          stats: { toString: 2, valueOf: 2, hasOwnProperty: 3 },
          meta: { isPrototypeOf: 'yes' },
        });
        expect(ids(await c.find({ 'stats.valueOf': 2 }))).toEqual(['x']);
        expect(await c.count({ 'stats.toLocaleString': { $ne: null } })).toBe(0);
      });
    });

    describe('apply', () => {
      it('commits every op and the checkpoint together', async () => {
        const a = fresh('apply_a');
        const b = fresh('apply_b');
        const checkpoint = `cp_${randomUUID()}`;
        expect(await store.getCheckpoint(checkpoint)).toBeUndefined();
        await store.apply(
          [
            { op: 'put', collection: a, doc: { _id: '1', v: 1 } },
            { op: 'put', collection: a, doc: { _id: '2', v: 2 } },
            { op: 'put', collection: a, doc: { _id: '3', v: 3 } },
            { op: 'update', collection: b, id: 'total', inc: { v: 6 }, upsert: true },
            { op: 'update', collection: a, id: '1', set: { v: 10 } },
            { op: 'delete', collection: a, id: '2' },
          ],
          { name: checkpoint, position: 7 },
        );
        expect(ids(await store.collection(a).find())).toEqual(['1', '3']);
        expect(await store.collection(a).get('1')).toEqual({ _id: '1', v: 10 });
        expect(await store.collection(b).get('total')).toEqual({ _id: 'total', v: 6 });
        expect(await store.getCheckpoint(checkpoint)).toBe(7);

        await store.apply([{ op: 'deleteMany', collection: a, filter: { v: { $lt: 5 } } }], {
          name: checkpoint,
          position: 9,
        });
        expect(ids(await store.collection(a).find())).toEqual(['1']);
        expect(await store.getCheckpoint(checkpoint)).toBe(9);
        await store.apply([], { name: checkpoint, position: 11 });
        expect(await store.getCheckpoint(checkpoint)).toBe(11);
      });

      it('writes nothing, checkpoint included, when one op of the batch fails', async () => {
        const a = fresh('atomic_a');
        const b = fresh('atomic_b');
        const checkpoint = `cp_${randomUUID()}`;
        await store.apply([{ op: 'put', collection: b, doc: { _id: 'x', label: 'text', n: 1 } }], {
          name: checkpoint,
          position: 3,
        });
        const batch: WriteOp[] = [
          { op: 'put', collection: a, doc: { _id: '1' } },
          { op: 'update', collection: b, id: 'x', inc: { n: 1 } },
          { op: 'delete', collection: b, id: 'x' },
          { op: 'put', collection: b, doc: { _id: 'x', label: 'text', n: 100 } },
          { op: 'update', collection: b, id: 'x', inc: { label: 1 } },
        ];
        await expect(store.apply(batch, { name: checkpoint, position: 4 })).rejects.toThrow();
        expect(await store.collection(a).count()).toBe(0);
        expect(await store.collection(b).get('x')).toEqual({ _id: 'x', label: 'text', n: 1 });
        expect(await store.getCheckpoint(checkpoint)).toBe(3);
      });

      it('rejects a batch naming an invalid collection before writing anything', async () => {
        const a = fresh('valid');
        await expect(
          store.apply([
            { op: 'put', collection: a, doc: { _id: '1' } },
            { op: 'put', collection: 'no-such/collection', doc: { _id: '2' } },
          ]),
        ).rejects.toThrow();
        expect(await store.collection(a).count()).toBe(0);
      });
    });

    describe('leases and fencing', () => {
      const ttlMs = 60_000;
      let leases: string[] = [];
      const lease = () => {
        const name = `lease_${randomUUID()}`;
        leases.push(name);
        return name;
      };
      beforeEach(() => {
        leases = [];
      });
      afterEach(async () => {
        await store.apply(leases.map((id) => ({ op: 'delete', collection: LEASES, id })));
        await store.apply(leases.map((id) => ({ op: 'delete', collection: CHECKPOINTS, id })));
      });

      it('acquires a free lease, refuses a second holder while it lives, renews with the same token', async () => {
        const name = lease();
        expect(await store.getLease(name)).toBeUndefined();
        const token = await store.acquireLease({ name, holder: 'a', ttlMs });
        expect(token).toEqual(expect.any(Number));
        expect(await store.acquireLease({ name, holder: 'b', ttlMs })).toBeUndefined();
        expect(await store.acquireLease({ name, holder: 'a', ttlMs })).toBe(token);
        expect(await store.getLease(name)).toMatchObject({ holder: 'a', token });
      });

      it('is taken over after it expires, with a greater token', async () => {
        const name = lease();
        const first = await store.acquireLease({ name, holder: 'a', ttlMs: 40 });
        await new Promise((resolve) => setTimeout(resolve, 120));
        const second = await store.acquireLease({ name, holder: 'b', ttlMs });
        expect(second).toBeGreaterThan(first ?? Number.POSITIVE_INFINITY);
        // The old holder's renewal finds it taken.
        expect(await store.acquireLease({ name, holder: 'a', ttlMs })).toBeUndefined();
      });

      it('is free at once after a release, and from a holder named dead', async () => {
        const name = lease();
        const first = (await store.acquireLease({ name, holder: 'a', ttlMs })) ?? 0;
        await store.releaseLease(name, 'someone else');
        expect(await store.acquireLease({ name, holder: 'b', ttlMs })).toBeUndefined();
        await store.releaseLease(name, 'a');
        const second = (await store.acquireLease({ name, holder: 'b', ttlMs })) ?? 0;
        expect(second).toBeGreaterThan(first);
        expect(await store.acquireLease({ name, holder: 'c', ttlMs, deadHolder: 'a' })).toBeUndefined();
        expect(await store.acquireLease({ name, holder: 'c', ttlMs, deadHolder: 'b' })).toBeGreaterThan(
          second,
        );
      });

      it("refuses a stale holder's fenced write whole, and takes the new holder's", async () => {
        const name = lease();
        const c = fresh('fenced');
        const stale = await store.acquireLease({ name, holder: 'a', ttlMs: 40 });
        await store.apply([{ op: 'put', collection: c, doc: { _id: 'x', n: 1 } }], {
          name,
          position: 1,
          ...(stale !== undefined ? { fence: stale } : {}),
        });
        await new Promise((resolve) => setTimeout(resolve, 120));
        const current = await store.acquireLease({ name, holder: 'b', ttlMs });
        const bump: WriteOp = { op: 'update', collection: c, id: 'x', inc: { n: 1 } };
        await expect(store.apply([bump], { name, position: 2, fence: stale ?? -1 })).rejects.toMatchObject({
          code: 'FENCED',
        });
        expect(await store.collection(c).get('x')).toEqual({ _id: 'x', n: 1 });
        expect(await store.getCheckpoint(name)).toBe(1);
        await store.apply([bump], { name, position: 2, fence: current ?? -1 });
        expect(await store.collection(c).get('x')).toEqual({ _id: 'x', n: 2 });
        expect(await store.getCheckpoint(name)).toBe(2);
        // A fence on a lease nobody ever took is refused too.
        await expect(store.apply([bump], { name: lease(), position: 1, fence: 1 })).rejects.toMatchObject({
          code: 'FENCED',
        });
        expect(await store.collection(c).get('x')).toEqual({ _id: 'x', n: 2 });
      });

      // The runner rebuilds through apply on an adapter without a bulk path (its fences are above).
      if (options.bulk)
        it("refuses a stale holder's rebuild commit", async () => {
          const name = lease();
          const c = fresh('fenced_bulk');
          await store.apply([{ op: 'put', collection: c, doc: { _id: 'kept' } }]);
          const stale = await store.acquireLease({ name, holder: 'a', ttlMs: 40 });
          await new Promise((resolve) => setTimeout(resolve, 120));
          await store.acquireLease({ name, holder: 'b', ttlMs });
          const bulk = bulkOf(store, [c]);
          bulk.stage([{ op: 'put', collection: c, doc: { _id: 'new' } }]);
          await expect(bulk.commit({ name, position: 5, fence: stale ?? -1 })).rejects.toMatchObject({
            code: 'FENCED',
          });
          expect(ids(await store.collection(c).find())).toEqual(['kept']);
          expect(await store.getCheckpoint(name)).toBeUndefined();
        });
    });

    if (options.bulk)
      describe('bulk (a rebuild)', () => {
        const checkpointName = () => `cp_${randomUUID()}`;
        /** One batch: a deleteMany in the middle of a replaced collection, updates of another's documents. */
        const batch = (c: string, other: string): WriteOp[] => [
          { op: 'put', collection: c, doc: { _id: 'a', status: 'queued', n: 1 } },
          { op: 'put', collection: c, doc: { _id: 'b', status: 'done', n: 2 } },
          { op: 'update', collection: c, id: 'a', set: { status: 'done' }, inc: { n: 10 } },
          { op: 'update', collection: c, id: 'z', set: { status: 'x' } }, // missing, no upsert: nothing
          { op: 'update', collection: other, id: 'x', inc: { v: 1 } },
          { op: 'put', collection: c, doc: { _id: 'd', status: 'queued', n: 4 } },
          { op: 'delete', collection: c, id: 'd' },
          { op: 'deleteMany', collection: c, filter: { status: 'done' } },
          { op: 'put', collection: c, doc: { _id: 'c', status: 'done', n: 3 } },
          { op: 'update', collection: c, id: 'c', set: { late: true } },
          {
            op: 'update',
            collection: c,
            id: 'e',
            inc: { n: 1 },
            setOnInsert: { status: 'new' },
            upsert: true,
          },
          { op: 'update', collection: other, id: 'y', inc: { v: 5 }, upsert: true },
          { op: 'delete', collection: other, id: 'missing' },
        ];

        it('replaces the named collections at the commit: their old documents ignored, nothing visible before', async () => {
          const c = fresh('bulk_swap');
          const checkpoint = checkpointName();
          await store.apply([
            { op: 'put', collection: c, doc: { _id: 'old', n: 1 } },
            { op: 'put', collection: c, doc: { _id: 'kept', n: 1 } },
          ]);
          const bulk = bulkOf(store, [c]);
          bulk.stage([
            { op: 'update', collection: c, id: 'old', inc: { n: 1 } }, // not upserted: no document
            { op: 'update', collection: c, id: 'kept', inc: { n: 5 }, upsert: true },
            { op: 'put', collection: c, doc: { _id: 'new', tags: ['a'] } },
          ]);
          expect(await store.collection(c).find()).toEqual([
            { _id: 'kept', n: 1 },
            { _id: 'old', n: 1 },
          ]);
          expect(await store.getCheckpoint(checkpoint)).toBeUndefined();
          await bulk.commit({ name: checkpoint, position: 3 });
          expect(await store.collection(c).find()).toEqual([
            { _id: 'kept', n: 5 },
            { _id: 'new', tags: ['a'] },
          ]);
          expect(await store.getCheckpoint(checkpoint)).toBe(3);
          // The rebuilt collection is an ordinary one afterwards.
          await store.apply([{ op: 'update', collection: c, id: 'kept', inc: { n: 1 } }]);
          expect(await store.collection(c).get('kept')).toEqual({ _id: 'kept', n: 6 });
        });

        // Written ahead (where the adapter does) after each page: documents added, then changed
        // and deleted by later pages, and a deleteMany over what was written.
        it.each([
          ['staged in two pages', false],
          ['written ahead after each of three pages', true],
        ])(
          'ends with the documents apply gives, whatever else the replaced collection held (%s)',
          async (_, ahead) => {
            const [applied, appliedOther] = [fresh('bulk_applied'), fresh('bulk_applied_other')];
            const [bulked, bulkedOther] = [fresh('bulk_bulked'), fresh('bulk_bulked_other')];
            await store.apply([
              { op: 'put', collection: appliedOther, doc: { _id: 'x', v: 1 } },
              { op: 'put', collection: bulkedOther, doc: { _id: 'x', v: 1 } },
              { op: 'put', collection: bulked, doc: { _id: 'stale', status: 'queued' } },
            ]);
            await store.apply(batch(applied, appliedOther));
            const bulk = bulkOf(store, [bulked]);
            const ops = batch(bulked, bulkedOther);
            const pages = ahead
              ? [ops.slice(0, 2), ops.slice(2, 6), ops.slice(6)]
              : [ops.slice(0, 6), ops.slice(6)];
            for (const page of pages) {
              bulk.stage(page);
              if (ahead) await bulk.writeAhead?.();
            }
            await bulk.commit({ name: checkpointName(), position: 13 });
            const all = async (c: string) => store.collection(c).find({}, { sort: { _id: 1 } });
            expect(await all(bulked)).toEqual(await all(applied));
            expect(await all(bulkedOther)).toEqual(await all(appliedOther));
            expect(await all(bulked)).toEqual([
              { _id: 'c', late: true, n: 3, status: 'done' },
              { _id: 'e', n: 1, status: 'new' },
            ]);
            expect(await all(bulkedOther)).toEqual([
              { _id: 'x', v: 2 },
              { _id: 'y', v: 5 },
            ]);
          },
        );

        it('writes nothing, checkpoint included, when an op fails at the commit', async () => {
          const c = fresh('bulk_atomic');
          const other = fresh('bulk_atomic_other');
          const checkpoint = checkpointName();
          await store.apply(
            [
              { op: 'put', collection: c, doc: { _id: 'old' } },
              { op: 'put', collection: other, doc: { _id: 'x', label: 'text' } },
            ],
            { name: checkpoint, position: 2 },
          );
          const bulk = bulkOf(store, [c]);
          bulk.stage([
            { op: 'put', collection: c, doc: { _id: 'new' } },
            { op: 'update', collection: other, id: 'x', inc: { label: 1 } }, // not a number
          ]);
          await expect(bulk.commit({ name: checkpoint, position: 9 })).rejects.toThrow();
          expect(await store.collection(c).find()).toEqual([{ _id: 'old' }]);
          expect(await store.collection(other).find()).toEqual([{ _id: 'x', label: 'text' }]);
          expect(await store.getCheckpoint(checkpoint)).toBe(2);
        });

        it('refuses a bad op when it is staged', async () => {
          const c = fresh('bulk_refused');
          const bulk = bulkOf(store, [c]);
          expect(() =>
            bulk.stage([{ op: 'put', collection: 'no-such/collection', doc: { _id: '1' } }]),
          ).toThrow();
          expect(() =>
            bulk.stage([{ op: 'update', collection: c, id: '1', set: { _id: '2' }, upsert: true }]),
          ).toThrow("The field '_id' is immutable");
        });
      });

    describe('drop and indexes', () => {
      it('drops only the named collections, which can then be rebuilt', async () => {
        const a = fresh('drop_a');
        const b = fresh('drop_b');
        await store.apply([
          { op: 'put', collection: a, doc: { _id: '1' } },
          { op: 'put', collection: b, doc: { _id: '1' } },
        ]);
        await store.drop([a, fresh('never_created')]);
        expect(await store.collection(a).count()).toBe(0);
        expect(await store.collection(b).count()).toBe(1);
        await store.collection(a).put({ _id: '2', v: true });
        expect(await store.collection(a).find()).toEqual([{ _id: '2', v: true }]);
      });

      it('creates indexes idempotently without changing results', async () => {
        const name = fresh('index');
        await store.ensureIndex(name, ['owner']);
        await store.ensureIndex(name, ['owner']);
        await store.ensureIndex(name, ['owner', 'stats.day']);
        await store.ensureIndex(name, ['_id']);
        await store.apply(
          ['u1', 'u2', 'u1'].map((owner, i) => ({
            op: 'put',
            collection: name,
            doc: { _id: `d${i}`, owner, stats: { day: i } },
          })),
        );
        const c = store.collection(name);
        expect(ids(await c.find({ owner: 'u1' }))).toEqual(['d0', 'd2']);
        expect(ids(await c.find({ owner: 'u1', 'stats.day': { $gt: 0 } }))).toEqual(['d2']);
      });
    });
    // The same expectations, with the engine failing, stalling or flapping under a fault-injecting wrapper.
    readStoreFaultContract(name, make);
  });
}

function bulkOf(store: ReadStore, replacing: string[]) {
  const bulk = store.bulk?.({ replacing });
  if (!bulk) throw new Error('The adapter declares a bulk path but has none');
  return bulk;
}
