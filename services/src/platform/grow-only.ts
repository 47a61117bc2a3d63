/**
 * Immutable sets and maps that only grow, for decider states of streams that grow with use (the
 * payment references, debits and refunds of an account). Adding to the newest version is O(1):
 * versions share one insertion-ordered table and each sees only the entries below its own size.
 * Adding to an older version (a fork) copies what that version holds, once.
 */
export class GrowOnlySet<T> implements Iterable<T> {
  readonly #order: Map<T, number>;
  readonly #size: number;

  private constructor(order: Map<T, number>, size: number) {
    this.#order = order;
    this.#size = size;
  }

  static of<T>(items: Iterable<T> = []): GrowOnlySet<T> {
    const order = new Map<T, number>();
    for (const item of items) if (!order.has(item)) order.set(item, order.size);
    return new GrowOnlySet(order, order.size);
  }

  get size(): number {
    return this.#size;
  }

  has(item: T): boolean {
    const index = this.#order.get(item);
    return index !== undefined && index < this.#size;
  }

  /** This set and `item`; this set itself when it holds `item` already. */
  with(item: T): GrowOnlySet<T> {
    if (this.has(item)) return this;
    const order =
      this.#order.size === this.#size ? this.#order : copyBelow(this.#order, this.#size, (i) => i);
    order.set(item, this.#size);
    return new GrowOnlySet(order, this.#size + 1);
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (const [item, index] of this.#order) if (index < this.#size) yield item;
  }
}

export class GrowOnlyMap<K, V> implements Iterable<[K, V]> {
  readonly #entries: Map<K, { index: number; value: V }>;
  readonly #size: number;

  private constructor(entries: Map<K, { index: number; value: V }>, size: number) {
    this.#entries = entries;
    this.#size = size;
  }

  static of<K, V>(entries: Iterable<readonly [K, V]> = []): GrowOnlyMap<K, V> {
    let map = new GrowOnlyMap<K, V>(new Map(), 0);
    for (const [key, value] of entries) map = map.with(key, value);
    return map;
  }

  get size(): number {
    return this.#size;
  }

  has(key: K): boolean {
    const entry = this.#entries.get(key);
    return entry !== undefined && entry.index < this.#size;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    return entry !== undefined && entry.index < this.#size ? entry.value : undefined;
  }

  /** This map with `key` set to `value`; a key already present keeps its place. */
  with(key: K, value: V): GrowOnlyMap<K, V> {
    const present = this.has(key);
    if (present && Object.is(this.get(key), value)) return this;
    const shared = this.#entries.size === this.#size && !present;
    const entries = shared ? this.#entries : copyBelow(this.#entries, this.#size, (e) => e.index);
    const index = present ? (entries.get(key)?.index ?? this.#size) : this.#size;
    entries.set(key, { index, value });
    return new GrowOnlyMap(entries, present ? this.#size : this.#size + 1);
  }

  *[Symbol.iterator](): IterableIterator<[K, V]> {
    for (const [key, entry] of this.#entries) if (entry.index < this.#size) yield [key, entry.value];
  }
}

function copyBelow<K, V>(source: Map<K, V>, size: number, indexOf: (value: V) => number): Map<K, V> {
  const copy = new Map<K, V>();
  for (const [key, value] of source) if (indexOf(value) < size) copy.set(key, value);
  return copy;
}
