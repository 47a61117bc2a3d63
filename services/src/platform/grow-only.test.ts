import fc from 'fast-check';
import { GrowOnlyMap, GrowOnlySet } from './grow-only';

describe('grow-only collections', () => {
  it('every version keeps what it held, whatever is added to it or to other versions later', () => {
    // A random tree of versions: each step adds to one earlier version (often the newest, sometimes a fork).
    const steps = fc.array(
      fc.tuple(fc.nat(), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 3 })),
      {
        maxLength: 60,
      },
    );
    fc.assert(
      fc.property(steps, (plan) => {
        const sets = [{ real: GrowOnlySet.of<number>(), model: new Set<number>() }];
        const maps = [{ real: GrowOnlyMap.of<number, number>(), model: new Map<number, number>() }];
        for (const [pick, item, value] of plan) {
          const from = sets[pick % sets.length]!;
          sets.push({ real: from.real.with(item), model: new Set(from.model).add(item) });
          const base = maps[pick % maps.length]!;
          maps.push({ real: base.real.with(item, value), model: new Map(base.model).set(item, value) });
        }
        const probe = Array.from({ length: 21 }, (_, i) => i);
        const seen = (
          versions: Array<{
            real: Iterable<unknown> & { size: number };
            model: Iterable<unknown> & { size: number };
          }>,
          lookup: (v: never, i: number) => unknown,
        ) => versions.map(({ real }) => [[...real], real.size, probe.map((i) => lookup(real as never, i))]);
        const expected = (
          versions: Array<{ model: Iterable<unknown> & { size: number } }>,
          lookup: (v: never, i: number) => unknown,
        ) =>
          versions.map(({ model }) => [[...model], model.size, probe.map((i) => lookup(model as never, i))]);
        const has = (v: { has(i: number): boolean }, i: number) => v.has(i);
        const get = (v: { get(i: number): unknown }, i: number) => v.get(i);
        expect(seen(sets, has)).toEqual(expected(sets, has));
        expect(seen(maps, get)).toEqual(expected(maps, get));
      }),
      { numRuns: 200 },
    );
  });

  it('adding what is there already returns the same version', () => {
    const set = GrowOnlySet.of(['a']);
    expect(set.with('a')).toBe(set);
    const map = GrowOnlyMap.of<string, number>([['a', 1]]);
    expect(map.with('a', 1)).toBe(map);
    expect(map.with('a', 2).get('a')).toBe(2);
    expect(map.get('a')).toBe(1);
  });
});
