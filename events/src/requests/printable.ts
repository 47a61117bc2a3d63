// The characters a printed book can hold: what its fonts can draw.
import type { TestConfig } from 'yup';

/**
 * Code points every face our books print with has a glyph for: Typst's bundled Libertinus Serif
 * (regular, bold, italic: interiors and covers) and New Computer Modern (regular, bold: kids
 * books), read from the fonts' own character maps. That is Latin (with Vietnamese and IPA), Greek
 * (polytonic too), Cyrillic, Hebrew, the usual punctuation, currency signs and a few arrows;
 * not emoji, CJK, Arabic, Indic scripts or most symbols (★, ✓). Typst would print those with
 * whatever font the host has, and the Docker image has almost none, so they are refused instead.
 * Inclusive ranges, first and last code point in turn. `outputs/fonts.int.test.ts` typesets all
 * of them in every face and checks that no other font is used.
 */
const RANGES = [
  0x0020, 0x007e, 0x00a0, 0x0241, 0x0243, 0x0243, 0x0247, 0x0247, 0x0249, 0x0249, 0x024d, 0x024d, 0x0250,
  0x02e4, 0x02ea, 0x034e, 0x0350, 0x036f, 0x0374, 0x0375, 0x037a, 0x037e, 0x0384, 0x038a, 0x038c, 0x038c,
  0x038e, 0x03a1, 0x03a3, 0x03ce, 0x03d0, 0x03e1, 0x03f0, 0x03f6, 0x03f8, 0x03f9, 0x03fb, 0x03fb, 0x03fd,
  0x045f, 0x0462, 0x0463, 0x0470, 0x0477, 0x0490, 0x04c4, 0x04c7, 0x04cc, 0x04d0, 0x04f9, 0x05b0, 0x05c3,
  0x05c6, 0x05c6, 0x05d0, 0x05ea, 0x05f0, 0x05f4, 0x1d43, 0x1d44, 0x1d47, 0x1d4b, 0x1d4d, 0x1d4d, 0x1d4f,
  0x1d53, 0x1d56, 0x1d58, 0x1d5a, 0x1d5b, 0x1d9c, 0x1d9c, 0x1da0, 0x1da0, 0x1da4, 0x1da4, 0x1db6, 0x1db6,
  0x1dbb, 0x1dbb, 0x1e00, 0x1e13, 0x1e18, 0x1e1b, 0x1e1e, 0x1e27, 0x1e2a, 0x1e4b, 0x1e54, 0x1e63, 0x1e68,
  0x1e77, 0x1e7c, 0x1e99, 0x1e9b, 0x1e9b, 0x1e9e, 0x1e9e, 0x1ea0, 0x1ef9, 0x1f00, 0x1f15, 0x1f18, 0x1f1d,
  0x1f20, 0x1f45, 0x1f48, 0x1f4d, 0x1f50, 0x1f57, 0x1f59, 0x1f59, 0x1f5b, 0x1f5b, 0x1f5d, 0x1f5d, 0x1f5f,
  0x1f7d, 0x1f80, 0x1fb4, 0x1fb6, 0x1fc4, 0x1fc6, 0x1fd3, 0x1fd6, 0x1fdb, 0x1fdd, 0x1fef, 0x1ff2, 0x1ff4,
  0x1ff6, 0x1ffe, 0x2000, 0x200d, 0x2010, 0x2014, 0x2016, 0x2016, 0x2018, 0x2022, 0x2026, 0x2026, 0x2030,
  0x2031, 0x2039, 0x203b, 0x203d, 0x203d, 0x2044, 0x2044, 0x207f, 0x2080, 0x20a2, 0x20a4, 0x20a7, 0x20a8,
  0x20ab, 0x20ac, 0x20af, 0x20af, 0x20b1, 0x20b1, 0x20bf, 0x20bf, 0x2103, 0x2103, 0x2116, 0x2116, 0x2120,
  0x2120, 0x2122, 0x2122, 0x2126, 0x2127, 0x212e, 0x212e, 0x2190, 0x2193, 0x2197, 0x2198, 0x2206, 0x2206,
  0x2212, 0x2212, 0x2215, 0x2215, 0x2217, 0x2217, 0x221a, 0x221a, 0x221e, 0x221e, 0x2329, 0x232a, 0x25cb,
  0x25cb, 0x2640, 0x2640, 0x266a, 0x266a, 0x27e6, 0x27e7, 0xa71b, 0xa71c, 0xfb29, 0xfb36, 0xfb38, 0xfb3c,
  0xfb3e, 0xfb3e, 0xfb40, 0xfb41, 0xfb43, 0xfb44, 0xfb46, 0xfb4e,
] as const;

/** Whether the book fonts have a glyph for this code point (tab and line breaks count: layout). */
export function isPrintable(codePoint: number): boolean {
  if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) return true;
  // Binary search over the range starts.
  let low = 0;
  let high = RANGES.length / 2 - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (codePoint < (RANGES[2 * mid] as number)) high = mid - 1;
    else if (codePoint > (RANGES[2 * mid + 1] as number)) low = mid + 1;
    else return true;
  }
  return false;
}

/** A cap on the characters a message names: one of each, the first few. */
const NAMED_AT_MOST = 5;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The characters of `text` the book fonts cannot print, each once, as people see them: a whole
 * emoji (👍🏽, 👨‍👩‍👧) rather than its code points. At most the first five.
 */
export function unprintable(text: string): string[] {
  const found: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    if (found.includes(segment)) continue;
    for (const char of segment)
      if (!isPrintable(char.codePointAt(0) as number)) {
        found.push(segment);
        break;
      }
    if (found.length === NAMED_AT_MOST) break;
  }
  return found;
}

/** "The title contains characters our book fonts cannot print (😀). Remove them or use another wording." */
export const unprintableMessage = (
  field: string,
  characters: readonly string[],
  advice = 'Remove them or use another wording.',
) => `${field} contains characters our book fonts cannot print (${characters.join(' ')}). ${advice}`;

/**
 * The test every text that ends up in a printed file takes (a title, an author, a chapter, a
 * prompt a title is made from): `.test(printable('The title'))`. Absent and non-string values
 * are left to the field's other rules.
 */
export function printable(field: string): TestConfig<string | undefined | null> {
  return {
    name: 'printable',
    test(value, context) {
      const missing = typeof value === 'string' ? unprintable(value) : [];
      return missing.length === 0 || context.createError({ message: unprintableMessage(field, missing) });
    },
  };
}
