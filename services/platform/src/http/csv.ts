import type { Response } from 'express';
import { istTimestampOf } from '@portal/contracts';
import { writeLines } from './streamed-lines';

/**
 * A number as it is to be written (`-84.75`, `0.00`): a cell the formula guard leaves alone, since
 * a spreadsheet reads it as the number it is. A plain object, so domain code can make one.
 */
export interface CsvNumber {
  readonly csvNumber: string;
}
const isCsvNumber = (value: unknown): value is CsvNumber =>
  typeof value === 'object' && value !== null && typeof (value as CsvNumber).csvNumber === 'string';

/**
 * One RFC 4180 field. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is
 * prefixed with an apostrophe, so an exported e-mail or message cannot execute anything. Numbers
 * are not text: a negative one stays a number.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (isCsvNumber(value)) return value.csvNumber;
  if (typeof value === 'number') return String(value);
  let text = value instanceof Date ? istTimestampOf(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A moment stored as an ISO string, as a CSV cell on India's clock; empty when there is none. */
export const csvInstant = (iso: string | null | undefined): string | null => (iso ? istTimestampOf(iso) : null);

export const csvLine = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;

async function* csvLines<T>(header: string[], rows: AsyncIterable<T> | Iterable<T>, toValues: (row: T) => unknown[]) {
  yield csvLine(header);
  for await (const row of rows) yield csvLine(toValues(row));
}

/** Streams rows as a CSV download at the pace the client reads it. */
export async function streamCsv<T>(
  res: Response,
  filename: string,
  header: string[],
  rows: AsyncIterable<T> | Iterable<T>,
  toValues: (row: T) => unknown[],
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  await writeLines(res, csvLines(header, rows, toValues));
}
