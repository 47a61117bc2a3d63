import { stringify } from 'csv-stringify/sync';
import type Koa from 'koa';

/**
 * Spreadsheet-safe CSV: UTF-8 BOM (Excel reads the accents), CRLF, and every cell that starts with
 * = + - @, tab or CR prefixed with ' (formula injection), done by csv-stringify rather than by hand.
 * Every CSV export (QR analytics and emails, newsletter subscribers) goes through here.
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

/** Answers a CSV download: `text/csv; charset=utf-8`, saved under `filename`. */
export function sendCsv(
  ctx: Koa.Context,
  filename: string,
  header: string[],
  rows: Array<Array<string | number>>,
): void {
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = toCsv(header, rows);
}
