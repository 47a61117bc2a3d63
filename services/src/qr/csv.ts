import { stringify } from 'csv-stringify/sync';

/**
 * Spreadsheet-safe CSV: UTF-8 BOM (Excel reads the accents), CRLF, and every cell that starts with
 * = + - @, tab or CR prefixed with ' (formula injection), done by csv-stringify rather than by hand.
 */
export function toCsv(header: string[], rows: Array<Array<string | number>>): string {
  // A bare CR or LF inside a cell is quoted too, so no reader splits the record there.
  return stringify([header, ...rows], {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    quoted_match: /[\r\n]/,
  });
}
