/**
 * Segments that name an object's prototype machinery in JavaScript: a path through them would
 * read or write `Object.prototype` instead of a field of the document, so no adapter accepts them.
 */
const RESERVED_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A dotted field path's segments, checked the same way by every adapter: no empty segment, none
 * starting with `$` (an operator), no `"` (SQLite's quoted JSON path labels) and no reserved one.
 * Values that come from visitors are never used as raw segments: they are encoded first.
 */
export function fieldPathSegments(field: string): string[] {
  const segments = field.split('.');
  for (const segment of segments) {
    if (segment === '' || segment.startsWith('$') || segment.includes('"')) {
      throw new Error(`Invalid field path ${JSON.stringify(field)}`);
    }
    if (RESERVED_SEGMENTS.has(segment)) {
      throw new Error(
        `Invalid field path ${JSON.stringify(field)}: the segment "${segment}" is reserved (__proto__, constructor and prototype are refused)`,
      );
    }
  }
  return segments;
}
