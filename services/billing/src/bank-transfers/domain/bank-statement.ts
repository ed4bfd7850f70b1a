import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { BANK_TRANSFER_MESSAGES, UTR_PATTERN, paiseOf, type Paise } from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';

/** A credit line of a statement, as the portal reads it. */
export interface StatementCredit {
  /** The line's number in the file, for the admin's report. */
  line: number;
  receivedOn: string;
  narration: string;
  utr: string;
  amountPaise: Paise;
}

export const MAX_STATEMENT_ROWS = 2000;

/**
 * The columns a statement is read by, each under the names banks' exports give it (compared in
 * lower case without spaces or punctuation), the first found winning. The layout documented for
 * the admin is the first name of each: Date, Narration, UTR, Credit (docs/operations.md). The other
 * names are those of HDFC Bank's (Date, Narration, Chq./Ref.No., Deposit Amt.), ICICI Bank's
 * (Transaction Date, Transaction Remarks, Deposit Amount (INR)) and SBI's (Txn Date, Description,
 * Ref No./Cheque No., Credit) account statements; docs/decisions/0058 says how far they were checked.
 */
const COLUMNS = {
  date: ['date', 'txndate', 'transactiondate', 'trandate', 'postdate', 'valuedate', 'valuedt'],
  narration: ['narration', 'description', 'transactionremarks', 'remarks', 'particulars', 'details'],
  utr: ['utr', 'utrno', 'utrnumber', 'chqrefno', 'refnochequeno', 'referenceno', 'refno', 'chequenumber'],
  credit: ['credit', 'creditamount', 'depositamt', 'depositamountinr', 'depositamount', 'deposit', 'cramount'],
} as const;
type Column = keyof typeof COLUMNS;

const headerName = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');

/** The index of each column in a header row, or null when the row is not the header (banks put account details above it). */
function columnsOf(row: string[]): Record<Column, number> | null {
  const names = row.map(headerName);
  const found = {} as Record<Column, number>;
  for (const [column, candidates] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const index = candidates.map((name) => names.indexOf(name)).find((at) => at >= 0);
    if (index === undefined) return null;
    found[column] = index;
  }
  return found;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A statement's date as YYYY-MM-DD: 05/12/2026, 05-12-26, 05-Dec-2026 (day first, as Indian banks write them) or 2026-12-05. */
export function statementDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.\- ]([A-Za-z]{3}|\d{1,2})[/.\- ](\d{2}|\d{4})$/.exec(text);
  let year: number, month: number, day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) {
    // the pattern's three groups always match when it does
    const [, d = '', m = '', y = ''] = dayFirst;
    day = Number(d);
    month = /^\d+$/.test(m) ? Number(m) : MONTHS.indexOf(m.toLowerCase()) + 1;
    year = y.length === 2 ? 2000 + Number(y) : Number(y);
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A credit amount as banks print it (12,345.00 or ₹ 12345), in paise; null when the cell is no amount. */
export function statementAmount(text: string): Paise | null {
  const plain = text.replace(/[₹,\s]|INR|Cr\.?$/gi, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return paiseOf(Number(plain));
}

/** NEFT's UTR (16 characters), RTGS's (22) and IMPS's reference number (12 digits), where a bank writes them into the narration. */
const UTR_IN_TEXT = /\b([A-Z]{4}[NR][A-Z0-9]{11}(?:[A-Z0-9]{6})?|\d{12})\b/;

/**
 * The credit's UTR: the statement's reference column, else one found in its narration, else a key
 * made from the line itself, so that the same line in two statements is still recorded once.
 */
function utrOf(reference: string, narration: string, receivedOn: string, amountPaise: Paise): string {
  const given = reference.replace(/\s+/g, '').toUpperCase();
  if (UTR_PATTERN.test(given) && /\d/.test(given)) return given;
  const found = UTR_IN_TEXT.exec(narration.toUpperCase())?.[1];
  if (found) return found;
  const key = createHash('sha256').update(`${receivedOn}|${amountPaise}|${narration.trim().toUpperCase()}`).digest('hex');
  return `L${key.slice(0, 15).toUpperCase()}`;
}

/**
 * The credits of a bank statement in CSV (pure): found under a header row anywhere in the file,
 * debits and lines without a credit skipped. A credit whose date or amount cannot be read refuses
 * the whole file, naming its line, so that nothing is half imported.
 */
export function readStatement(csv: string): { credits: StatementCredit[]; skipped: number } {
  let rows: string[][];
  try {
    rows = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    throw badRequest(`The statement is not a CSV file: ${(error as Error).message}`);
  }
  if (!rows.length) throw badRequest(BANK_TRANSFER_MESSAGES.statementEmpty);
  const headerAt = rows.findIndex((row) => columnsOf(row) !== null);
  if (headerAt < 0) throw badRequest(BANK_TRANSFER_MESSAGES.statementColumns);
  const columns = columnsOf(rows[headerAt]!)!;
  const body = rows.slice(headerAt + 1);
  if (body.length > MAX_STATEMENT_ROWS) throw badRequest(BANK_TRANSFER_MESSAGES.statementTooLarge);
  const credits: StatementCredit[] = [];
  let skipped = 0;
  for (const [index, row] of body.entries()) {
    const line = headerAt + index + 2;
    const cell = (column: Column) => row[columns[column]] ?? '';
    if (!cell('credit') || /^0+(\.0+)?$/.test(cell('credit').replace(/,/g, ''))) {
      skipped++;
      continue;
    }
    const amountPaise = statementAmount(cell('credit'));
    if (amountPaise === null) throw badRequest(`Line ${line}: the credit “${cell('credit')}” is not an amount in rupees.`);
    const receivedOn = statementDate(cell('date'));
    if (!receivedOn) throw badRequest(`Line ${line}: the date “${cell('date')}” is not a date the portal reads (DD/MM/YYYY).`);
    const narration = cell('narration');
    credits.push({ line, receivedOn, narration, amountPaise, utr: utrOf(cell('utr'), narration, receivedOn, amountPaise) });
  }
  return { credits, skipped };
}

/** The pro-forma reference in a credit's narration, where banks may have dropped its slashes or split it with spaces. */
export function referenceIn(text: string, prefix: string): string | null {
  const squeezed = text.toUpperCase().replace(/[\s/\-_.]+/g, '');
  return new RegExp(`${prefix}\\d{10}`).exec(squeezed)?.[0] ?? null;
}
