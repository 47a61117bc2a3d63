import fc from 'fast-check';
import { serialize } from './canonical-json';
import type { Doc } from './port';

/** The first implementation: a sorted deep copy through JSON.stringify. The bytes must not change. */
function reference(doc: Doc): string {
  const canonical = (value: unknown): unknown => {
    if (value === undefined) return null;
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'number' && !Number.isFinite(value)) return null;
      return value;
    }
    if (Array.isArray(value)) return value.map(canonical);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (typeof v === 'function' || typeof v === 'symbol') continue;
      out[key] = canonical(v);
    }
    return out;
  };
  const { _id, ...rest } = canonical(doc) as Doc;
  return JSON.stringify({ _id, ...rest });
}

// "__proto__" excluded: the sorted copy lost such a key (assigning it sets the prototype); now it is kept.
const key = fc
  .oneof(fc.string(), fc.constantFrom('0', '1', '2', '10', '007', '-1', '4294967295', '_id', 'a.b'))
  .filter((k) => k !== '__proto__');
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    // Strings that need escapes: quotes, backslashes, control characters, lone surrogates.
    fc.string({ unit: 'binary' }),
    fc.constantFrom('"', '\\', '\u0000', 'a\u001fb', '\ud800', 'x\udc00', '😀', '\u2028', '\u007f'),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant(Number.NaN),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(key, tie('node'), { maxKeys: 5 }),
  ),
})).node;

describe('canonical JSON of a stored document', () => {
  it('is byte for byte what the sorted-copy implementation wrote', () => {
    fc.assert(
      fc.property(fc.string(), fc.dictionary(key, value, { maxKeys: 8 }), (id, fields) => {
        const doc = { ...fields, _id: id } as Doc;
        expect(serialize(doc)).toBe(reference(doc));
      }),
      { numRuns: 2000 },
    );
  });

  it('puts _id first and sorts keys at every level', () => {
    expect(serialize({ b: { z: 1, a: [{ y: 2, x: 1 }] }, _id: 'k', a: true })).toBe(
      '{"_id":"k","a":true,"b":{"a":[{"x":1,"y":2}],"z":1}}',
    );
  });

  it('leaves out functions and symbols in objects and writes null for them in arrays, as JSON does', () => {
    const doc = {
      _id: 'f',
      run: () => 1,
      tag: Symbol('t'),
      list: [() => 1, Symbol('s'), 2],
    } as unknown as Doc;
    expect(serialize(doc)).toBe('{"_id":"f","list":[null,null,2]}');
    expect(serialize(doc)).toBe(JSON.stringify(doc));
  });

  it('stores dates through toJSON and refuses bigints', () => {
    expect(serialize({ _id: 'd', at: new Date('2026-01-01T00:00:00.000Z') })).toBe(
      '{"_id":"d","at":"2026-01-01T00:00:00.000Z"}',
    );
    expect(() => serialize({ _id: 'b', n: BigInt(1) })).toThrow('BigInt values cannot be stored');
  });
});
