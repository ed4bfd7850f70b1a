import type { BillingPeriod, PricedPlan } from './plan-names';

/**
 * Paying by bank transfer against a pro-forma invoice: the customer asks for
 * a pro-forma, pays it by NEFT, RTGS or IMPS quoting its reference, less TDS where they deduct it,
 * and a finance admin records the credit or uploads the bank statement that shows it. Plain rules
 * and texts, without zod, for the pages' bundles.
 */

/** A pro-forma's reference: its number without the slashes (`PF/2627/000001` → `PF2627000001`), short enough for any bank's remarks field. */
export const PROFORMA_REFERENCE_PATTERN = /^[A-Z0-9]{1,4}\d{10}$/;
/** The reference as it is found in a statement's narration, where banks run it into other words. */
export const PROFORMA_REFERENCE_IN_TEXT = /[A-Z]{1,4}\d{10}/g;
/** A bank's transaction reference: NEFT's 16 characters, RTGS's 22, IMPS's 12 digits, a cheque's 6. */
export const UTR_PATTERN = /^[A-Z0-9]{6,22}$/;

export const BANK_TRANSFER_MESSAGES = {
  notOffered: 'Payment by bank transfer is not offered yet. Pay online instead.',
  notForChange: 'A pro-forma is for a new plan or a renewal. An upgrade is priced on the day it is paid, so pay for it online.',
  notFound: 'No such pro-forma.',
  expired: (date: string) => `This pro-forma expired on ${date}. Ask for a new one.`,
  settled: 'This pro-forma is paid already.',
  reference: 'A pro-forma reference is its number without the slashes, like PF2627000001',
  utr: 'The UTR is 6 to 22 letters or digits, as the bank statement shows it',
  utrTaken: (utr: string) => `A receipt with UTR ${utr} is recorded already.`,
  amount: 'The amount received must be at least ₹0.01, in rupees and paise',
  receivedOn: 'The date received is a date (YYYY-MM-DD), not in the future',
  bank: 'Name the bank the money came from, in up to 60 characters',
  note: 'Say what was done with the money, in up to 200 characters',
  receiptNotFound: 'No such receipt.',
  receiptNotUnapplied: 'Only an unapplied receipt can be applied or marked as returned.',
  tdsNotBusiness: 'Only a business buyer deducts TDS: add your GSTIN to your billing details, or buy for your firm.',
  tdsBelowThreshold: (threshold: string) =>
    `TDS under section 194J applies when a year's payments to us exceed ${threshold}; this purchase stays below it, so pay the full amount.`,
  statementNotCsv: 'Upload the statement as a CSV file (Content-Type: text/csv).',
  statementEmpty: 'The statement has no rows.',
  statementColumns:
    'The statement needs a header row with a date, a narration (or reference), a UTR (or reference number) and a credit (or deposit) column.',
  statementTooLarge: 'A statement can have at most 2,000 rows. Split it and upload each part.',
} as const;

/**
 * A pro-forma's life: open until paid or past its validity; a part received keeps it waiting for
 * the rest, even past its validity, as the money is already with us.
 */
export type ProformaState = 'open' | 'part_paid' | 'paid' | 'expired';

/** TDS the customer deducts (section 194J): a share of the taxable value, paid to the government for us; once paid, where its certificate stands. */
export interface ProformaTds {
  ratePercent: number;
  amount: number;
  state: TdsState | null;
  /** Why the admin rejected the Form 16A. */
  reason: string | null;
}

/** A pro-forma as the customer's billing page and the admin's bank transfers show it; amounts in rupees. */
export interface ProformaView {
  number: string;
  /** What the customer quotes in the transfer's remarks. */
  reference: string;
  plan: PricedPlan;
  billingPeriod: BillingPeriod;
  seats: number;
  firm: string | null;
  customerEmail: string;
  issuedAt: string;
  validUntil: string;
  /** The price with GST (the tax invoice's value), its taxable value and its GST. */
  total: number;
  taxableValue: number;
  tax: number;
  tds: ProformaTds | null;
  /** What the customer transfers: the total less TDS. */
  amountDue: number;
  received: number;
  state: ProformaState;
  /** The tax invoice issued when it was paid. */
  invoiceNumber: string | null;
}

export type BankReceiptState = 'applied' | 'unapplied' | 'returned';

/** A credit to our bank account, recorded by hand or read from a statement. */
export interface BankReceiptView {
  utr: string;
  amount: number;
  receivedOn: string;
  bank: string;
  narration: string;
  state: BankReceiptState;
  /** The pro-forma it was applied to. */
  reference: string | null;
  /** What it paid over the pro-forma's amount due: the customer's credit with us. */
  excess: number;
  source: 'manual' | 'statement';
  recordedBy: string;
  recordedAt: string;
  note: string | null;
}

/** What applying a credit did to its pro-forma. */
export type ReceiptOutcome = 'paid' | 'part_paid' | 'unapplied' | 'duplicate';

/** An uploaded statement, line by line: what each credit became. Debits and empty credits are skipped. */
export interface StatementImportView {
  credits: number;
  skipped: number;
  results: { line: number; utr: string; amount: number; outcome: ReceiptOutcome; reference: string | null }[];
}

/** The reference of a pro-forma number, as the customer quotes it. */
export const proformaReference = (number: string) => number.replaceAll('/', '');

/** Where the TDS a buyer deducted stands: receivable until its Form 16A is checked and the credit seen in Form 26AS. */
export type TdsState = 'receivable' | 'uploaded' | 'credited' | 'rejected';

export const TDS_MESSAGES = {
  notPdf: 'Upload the Form 16A as a PDF file.',
  tooLarge: 'A Form 16A is at most 2 MB.',
  noTds: 'No TDS was deducted from this payment.',
  notPaid: 'The Form 16A follows the payment: this pro-forma is not paid yet.',
  alreadyCredited: 'This TDS is credited already.',
  notUploaded: 'No Form 16A has been uploaded for this payment.',
  certificateNumber: 'The certificate number is 6 to 20 letters or digits, as TRACES prints it',
  quarter: 'The quarter is like 2026-27 Q3',
  reason: 'Say why the certificate is rejected, in 5 to 300 characters',
  uploaded: 'Thank you: the Form 16A is uploaded. We will check it against Form 26AS.',
} as const;

/** The TDS of one payment, as the admin's TDS register lists it; amounts in rupees. */
export interface TdsView {
  reference: string;
  invoiceNumber: string | null;
  customer: string;
  customerEmail: string;
  /** The financial year's quarter of the payment, when the buyer deducted the tax (`2026-27 Q3`). */
  quarter: string;
  amount: number;
  state: TdsState;
  /** When the buyer's Form 16A for that quarter is due (Rule 31(3)), and whether it is past. */
  certificateDue: string;
  overdue: boolean;
  certificateNumber: string | null;
  reason: string | null;
  uploadedAt: string | null;
}

/** The Form 16A of a quarter of the financial year is due on 15 August, 15 November, 15 February and 15 June (Rule 31(3)). */
export function form16aDue(financialYearStart: number, quarter: 1 | 2 | 3 | 4): string {
  const [year, month] = [
    [financialYearStart, '08'],
    [financialYearStart, '11'],
    [financialYearStart + 1, '02'],
    [financialYearStart + 1, '06'],
  ][quarter - 1] as [number, string];
  return `${year}-${month}-15`;
}
