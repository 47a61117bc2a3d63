/**
 * The smallest correct RFC 4180 reader (csv-parse, csv-stringify's sibling, is not among our
 * dependencies): comma-separated fields, records ended by CRLF or LF, fields in double quotes may
 * hold commas, line breaks and doubled quotes (""). A leading UTF-8 BOM (Excel's) is skipped and
 * blank lines are left out. Throws `CsvSyntaxError` with the record's number (1 = the first).
 */
export class CsvSyntaxError extends Error {
  constructor(
    readonly record: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

export function readCsv(input: string): string[][] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  /** The field opened with a quote: after its closing quote only a comma or a line end may follow. */
  let wasQuoted = false;
  const endRecord = () => {
    record.push(field);
    if (!(record.length === 1 && record[0] === '' && !wasQuoted)) records.push(record);
    record = [];
    field = '';
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
      continue;
    }
    if (c === ',') {
      record.push(field);
      field = '';
      wasQuoted = false;
    } else if (c === '\r' && text[i + 1] === '\n') {
      endRecord();
      i += 1;
    } else if (c === '\n') endRecord();
    else if (c === '"' && field === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
    } else if (c === '"' || wasQuoted)
      throw new CsvSyntaxError(
        records.length + 1,
        wasQuoted
          ? 'a quoted value must be followed by a comma or the end of the line'
          : 'a value holding a quote must be written in quotes, the quote doubled ("")',
      );
    else field += c;
  }
  if (quoted) throw new CsvSyntaxError(records.length + 1, 'a quoted value is never closed');
  if (field !== '' || record.length > 0 || wasQuoted) endRecord();
  return records;
}
