/**
 * Breakdown values (referrer hosts, device, OS and browser names) come from visitors' headers and
 * become field names of the day's analytics document. Encoded, they can never be a path separator
 * or an operator, never empty, and never the name of a prototype property (`constructor`,
 * `__proto__`): every key starts with a marker no such name has. The encoding is reversible, so
 * the owner sees `www.facebook.com`.
 */
const MARKER = '~';
/** `%` itself, the store's path syntax (`.`, `$`), quotes, backslashes and control characters. */
const ESCAPED = /[%.$"'\\\p{Cc}]/gu;
const ESCAPE = /%([0-9A-F]{2})/g;
/** Longer values are cut before encoding (a host is at most 100 characters already). */
const MAX_VALUE_LENGTH = 100;

export function breakdownKey(value: string): string {
  const bounded = value.slice(0, MAX_VALUE_LENGTH) || 'Unknown';
  return (
    MARKER +
    bounded.replace(ESCAPED, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  );
}

/**
 * The key the values past a day's cap are counted under (`breakdown-cap.ts`): the marker alone,
 * which no value encodes to (an encoded value always has a character after it).
 */
export const OTHER_KEY = MARKER;

/**
 * The value a key stands for. Keys written before the encoding existed (no marker) are shown as
 * they were stored, dots replaced by underscores, until a rebuild writes them again.
 */
export function breakdownName(key: string): string {
  if (!key.startsWith(MARKER)) return key;
  return key
    .slice(MARKER.length)
    .replace(ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
