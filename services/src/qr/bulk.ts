import { createQrCodeRequest } from '@studio/events/requests';
import { QR_BULK_COLUMNS, QR_BULK_MAX_ROWS } from '@studio/events/rules';
import { zipSync } from 'fflate';
import { DomainError, isDomainError } from '../platform/errors';
import { parse } from '../platform/http/validation';
import { CsvSyntaxError, readCsv } from './csv-reader';
import { OWN_ADDRESS_MESSAGE } from './own-address';

/** A row of the CSV ready to become a direct code; `row` as a spreadsheet numbers it (the header is 1). */
export interface BulkRow {
  row: number;
  title: string;
  url: string;
}

/** What is wrong with one row, for the 400's list. */
export interface BulkRowProblem {
  row: number;
  field: 'title' | 'target' | 'file';
  message: string;
}

const refused = (problems: BulkRowProblem[]) => {
  const [first] = problems;
  const where = first && first.row > 0 ? `Row ${first.row}, ${first.field}: ` : '';
  return new DomainError('VALIDATION', `${where}${first?.message ?? 'Invalid CSV'}. Nothing was created.`, {
    field: 'csv',
    problems,
  });
};

/**
 * Every row of the CSV checked as a direct code's create would be (title, target, no control
 * characters, not an address of this site), all before any is created: one bad row refuses the
 * whole file with every problem listed by row and column.
 */
export function bulkRows(csv: string, pointsHere: (url: string) => boolean): BulkRow[] {
  let records: string[][];
  try {
    records = readCsv(csv);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw refused([{ row: error.record, field: 'file', message: `Row ${error.record}: ${error.message}` }]);
  }
  const header = (records[0] ?? []).map((name) => name.trim().toLowerCase());
  const [titleAt, targetAt] = QR_BULK_COLUMNS.map((name) => header.indexOf(name));
  if (titleAt === undefined || targetAt === undefined || titleAt < 0 || targetAt < 0)
    throw refused([{ row: 1, field: 'file', message: 'The first row must name the columns: title,target' }]);
  const body = records.slice(1);
  if (body.length === 0)
    throw refused([{ row: 0, field: 'file', message: 'The CSV has no rows below its header' }]);
  if (body.length > QR_BULK_MAX_ROWS)
    throw refused([
      {
        row: 0,
        field: 'file',
        message: `The CSV has ${body.length} rows; at most ${QR_BULK_MAX_ROWS} codes are made from one file`,
      },
    ]);
  const rows: BulkRow[] = [];
  const problems: BulkRowProblem[] = [];
  body.forEach((cells, index) => {
    const row = index + 2;
    try {
      const input = parse(createQrCodeRequest, {
        title: cells[titleAt] ?? '',
        linkType: 'direct',
        url: cells[targetAt] ?? '',
      });
      const url = input.url ?? '';
      if (pointsHere(url)) throw new DomainError('VALIDATION', OWN_ADDRESS_MESSAGE, { field: 'url' });
      rows.push({ row, title: input.title, url });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const field = error.details?.field === 'title' ? 'title' : 'target';
      problems.push({ row, field, message: error.message.replace(/^url\b/, 'target') });
    }
  });
  if (problems.length > 0) throw refused(problems);
  return rows;
}

/**
 * File names from the titles: letters and digits kept (accents dropped), the rest one hyphen,
 * at most 60 characters, and a -2, -3… where two titles come out the same (case aside).
 */
export function zipBaseNames(titles: string[]): string[] {
  const used = new Set<string>();
  return titles.map((title) => {
    const base =
      title
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60)
        .replace(/-+$/, '') || 'qr-code';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base}-${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** One ZIP with a PNG and an SVG per code (the PNGs are stored: they are compressed already). */
export function qrZip(codes: Array<{ title: string; png: Buffer; svg: string }>): Buffer {
  const names = zipBaseNames(codes.map((c) => c.title));
  const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
  codes.forEach((code, i) => {
    files[`${names[i]}.png`] = [code.png, { level: 0 }];
    files[`${names[i]}.svg`] = [Buffer.from(code.svg), { level: 6 }];
  });
  return Buffer.from(zipSync(files));
}
