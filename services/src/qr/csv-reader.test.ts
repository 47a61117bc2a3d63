import { CsvSyntaxError, readCsv } from './csv-reader';

describe('readCsv (RFC 4180)', () => {
  it('reads quoted commas, line breaks and doubled quotes, CRLF or LF, a BOM and blank lines', () => {
    expect(readCsv('\uFEFFa,b\r\n"x, y","line\r\nbreak"\n"say ""hi""",\n\r\n,""\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'line\r\nbreak'],
      ['say "hi"', ''],
      ['', ''],
    ]);
    expect(readCsv('a,b')).toEqual([['a', 'b']]);
    expect(readCsv('')).toEqual([]);
  });

  it('refuses an unclosed quote, text after a closing quote and a bare quote, with the record', () => {
    const failure = (text: string) => {
      try {
        readCsv(text);
      } catch (error) {
        return error instanceof CsvSyntaxError ? [error.record, error.message] : error;
      }
      return 'read';
    };
    expect(failure('a\n"open')).toEqual([2, 'a quoted value is never closed']);
    expect(failure('"a"b,c')).toEqual([
      1,
      'a quoted value must be followed by a comma or the end of the line',
    ]);
    expect(failure('a\nb\nx"y')).toEqual([
      3,
      'a value holding a quote must be written in quotes, the quote doubled ("")',
    ]);
  });
});
