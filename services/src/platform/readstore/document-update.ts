import { fieldPathSegments } from './field-path';
import type { Doc } from './port';

/**
 * The port's document updates (`set`, `inc`, `setOnInsert`) computed in JavaScript, with
 * MongoDB's rules and prototype-safe paths, for the adapters whose engine cannot do them itself
 * (SQLite, PostgreSQL): both store exactly what MongoDB would.
 */
export type Changes = {
  set?: Record<string, unknown>;
  inc?: Record<string, number>;
  setOnInsert?: Record<string, unknown>;
};

/** Projections use the same few paths over and over: validate and split each once. */
const splitPaths = new Map<string, string[]>();

export function splitPath(field: string): readonly string[] {
  const known = splitPaths.get(field);
  if (known) return known;
  const segments = fieldPathSegments(field);
  if (splitPaths.size < 10_000) splitPaths.set(field, segments);
  return segments;
}

const NO_CHANGES: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_INCREMENTS: Readonly<Record<string, number>> = Object.freeze({});
const NO_KEYS: string[] = [];

/** The document after an update, or null when it is missing and not upserted (a no-op). */
export function applyChanges(
  current: Doc | null,
  id: string,
  changes: Changes,
  upsert: boolean,
  /** The caller owns `current` (a fresh parse or a staged copy): change it in place. */
  owned = false,
): Doc | null {
  const set = changes.set ?? NO_CHANGES;
  const inc = changes.inc ?? NO_INCREMENTS;
  const setOnInsert = changes.setOnInsert ?? NO_CHANGES;
  // A projection's update is mostly a `set` alone: no key lists for the parts it leaves out.
  const setKeys = changes.set ? Object.keys(set) : NO_KEYS;
  const incKeys = changes.inc ? Object.keys(inc) : NO_KEYS;
  const insertKeys = changes.setOnInsert ? Object.keys(setOnInsert) : NO_KEYS;
  const onlySet = incKeys.length + insertKeys.length === 0;
  checkPaths(onlySet ? setKeys : [...setKeys, ...incKeys, ...insertKeys], onlySet);
  if (!current && !upsert) return null;
  const doc: Record<string, unknown> = current ? (owned ? current : cloneJson(current)) : { _id: id };
  for (const field of setKeys) {
    const value = set[field];
    setPath(doc, field, value === undefined ? null : value);
  }
  for (const field of incKeys) {
    const amount = inc[field];
    if (typeof amount !== 'number' || !Number.isFinite(amount))
      throw new Error(`Cannot increment ${field} by ${amount}`);
    const before = getPath(doc, field);
    if (before !== undefined && typeof before !== 'number') {
      throw new Error(`Cannot apply $inc to a value of non-numeric type at ${field}`);
    }
    setPath(doc, field, (before ?? 0) + amount);
  }
  if (!current) {
    for (const field of insertKeys) {
      const value = setOnInsert[field];
      setPath(doc, field, value === undefined ? null : value);
    }
  }
  return doc as Doc;
}

/** As in MongoDB: _id is immutable, and no path may be updated twice or together with its parent. */
function checkPaths(paths: string[], keysOfOneObject = false): void {
  let dotted = false;
  for (const field of paths) {
    if (splitPath(field).length > 1) dotted = true;
    if (field === '_id' || field.startsWith('_id.')) throw new Error(`The field '_id' is immutable`);
  }
  // The undotted keys of one object cannot clash.
  if (keysOfOneObject && !dotted) return;
  for (let i = 0; i < paths.length; i += 1) {
    for (let j = i + 1; j < paths.length; j += 1) {
      const a = paths[i] ?? '';
      const b = paths[j] ?? '';
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`)) {
        throw new Error(`Updating the path '${a}' would create a conflict at '${b}'`);
      }
    }
  }
}

/** A deep copy of a JSON document, several times faster than structuredClone for small documents. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (!isPlainObject(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // An own "__proto__" key (JSON.parse makes one) stays a key, never becomes the prototype.
    if (key === '__proto__') ownKey(copy, key, cloneJson(value[key]));
    else copy[key] = cloneJson(value[key]);
  }
  return copy as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function getPath(doc: Record<string, unknown>, field: string): unknown {
  let node: unknown = doc;
  for (const segment of splitPath(field)) {
    if (node === undefined) return undefined;
    if (!isPlainObject(node)) throw new Error(`Cannot traverse ${field}: a parent is not an object`);
    // Own properties only: `toString` under a breakdown is a missing field, not Object's method.
    node = Object.hasOwn(node, segment) ? node[segment] : undefined;
  }
  return node;
}

function setPath(doc: Record<string, unknown>, field: string, value: unknown): void {
  const segments = splitPath(field);
  const last = segments[segments.length - 1] as string;
  let node = doc;
  for (let i = 0; i < segments.length - 1; i += 1) {
    const segment = segments[i] as string;
    const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (next === undefined) {
      const created: Record<string, unknown> = {};
      node[segment] = created;
      node = created;
    } else if (isPlainObject(next)) node = next;
    else throw new Error(`Cannot create field '${last}' under ${field}: a parent is not an object`);
  }
  // A plain assignment is safe: `__proto__`, the only setter Object.prototype has, is refused.
  node[last] = value;
}

/** Defines an own data property: assigning `__proto__` would replace the prototype instead. */
function ownKey(node: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}
