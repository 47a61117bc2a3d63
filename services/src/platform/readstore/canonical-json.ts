import type { Doc } from './port';

/**
 * Canonical JSON (_id first, then keys sorted at every level): the same document is always the same
 * bytes. Written straight into one string, without a sorted copy of the document: a rebuild
 * serialises every document of a read model. Keys come in the order a sorted copy had (JavaScript
 * puts integer-like keys first, in numeric order), so stored bytes stay what they always were.
 */
export function serialize(doc: Doc): string {
  const keys = canonicalKeys(doc);
  let out = '{';
  let wroteId = false;
  for (const key of keys) {
    if (key === '_id') continue;
    // _id comes after the integer-like keys (JavaScript lists those first) and before the rest.
    if (!wroteId && !isIndexKey(key)) {
      out = appendMember(out, '_id', doc._id);
      wroteId = true;
    }
    out = appendMember(out, key, doc[key]);
  }
  if (!wroteId) out = appendMember(out, '_id', doc._id);
  return `${out}}`;
}

const INDEX_KEY = /^(?:0|[1-9]\d{0,9})$/;

function isIndexKey(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && INDEX_KEY.test(key) && Number(key) < 4294967295;
}

/**
 * The keys of a sorted copy, in its order: Object.keys lists array-index keys first, ascending,
 * then the others in insertion order, which are sorted here.
 */
function canonicalKeys(record: object): string[] {
  const keys = Object.keys(record);
  const known = sortedKeysOf(keys);
  if (known) return known;
  let names = 0;
  while (names < keys.length && isIndexKey(keys[names] as string)) names += 1;
  let sorted = keys;
  if (names === 0) {
    if (!isSorted(keys)) sorted = [...keys].sort();
  } else {
    const rest = keys.slice(names);
    if (!isSorted(rest)) rest.sort();
    sorted = [...keys.slice(0, names), ...rest];
  }
  remember(keys, sorted);
  return sorted;
}

/**
 * The canonical order of the last key lists met, by length: a read model's documents share a few
 * shapes (every generation has the same keys in the same order), so most objects need no sort.
 */
const lastShapes: Array<{ keys: string[]; sorted: string[] } | undefined> = [];
const SHAPE_MEMO_KEYS = 64;

function sortedKeysOf(keys: string[]): string[] | undefined {
  const shape = lastShapes[keys.length];
  if (!shape) return undefined;
  for (let i = 0; i < keys.length; i += 1) if (shape.keys[i] !== keys[i]) return undefined;
  return shape.sorted;
}

function remember(keys: string[], sorted: string[]): void {
  if (keys.length <= SHAPE_MEMO_KEYS) lastShapes[keys.length] = { keys, sorted };
}

function isSorted(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i += 1) if ((keys[i - 1] as string) > (keys[i] as string)) return false;
  return true;
}

function appendMember(out: string, key: string, value: unknown): string {
  const text = member(value);
  if (text === undefined) return out;
  return `${out.length > 1 ? `${out},` : out}${quotedKey(key)}${text}`;
}

/** Documents repeat the same few keys: quote each once. */
const quotedKeys = new Map<string, string>();

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** An object member's JSON, or undefined to leave it out (functions and symbols, as JSON does). */
function member(value: unknown): string | undefined {
  return typeof value === 'function' || typeof value === 'symbol' ? undefined : canonicalJson(value);
}

/** Strings JSON.stringify leaves as they are: no quote, backslash, control character or surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes
const PLAIN_STRING = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** Missing and non-finite values become null; toJSON is honoured; bigints cannot be stored. */
function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      // Most stored strings need no escape: quoting them in JavaScript is twice as fast.
      return PLAIN_STRING.test(value) ? `"${value}"` : JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new Error('BigInt values cannot be stored');
    case 'object': {
      if (value === null) return 'null';
      const withJson = value as { toJSON?: () => unknown };
      if (typeof withJson.toJSON === 'function') return canonicalJson(withJson.toJSON());
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i += 1) {
          if (i > 0) out += ',';
          out += member(value[i]) ?? 'null';
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      let out = '{';
      for (const key of canonicalKeys(record)) out = appendMember(out, key, record[key]);
      return `${out}}`;
    }
    default:
      // undefined (and, inside arrays, functions and symbols): null, as the stored form always had.
      return 'null';
  }
}
