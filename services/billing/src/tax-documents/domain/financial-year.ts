import { istDateOf, taxYearName, taxYearOf } from '@portal/contracts';

/**
 * India's financial year runs from 1 April to 31 March, in Indian time: a payment at 00:10 IST on
 * 1 April (18:40 UTC on 31 March) belongs to the new year. Invoice and credit-note series restart
 * each year.
 */
export function financialYearOf(instant: Date): { startYear: number; label: string; code: string } {
  // the Income-tax Act, 2025's tax year is this same year
  const startYear = taxYearOf(instant);
  const name = taxYearName(startYear);
  return { startYear, label: name, code: `${name.slice(2, 4)}${name.slice(5)}` };
}

/**
 * CGST Act s.34(2): a credit note reduces the output tax only when it is declared by 30 November
 * after the end of the financial year of the supply (or the date of the annual return, if filed
 * earlier: the seller's CA confirms which, docs/decisions/0035). Compared as Indian dates: a note
 * dated 30 November still counts, one of 1 December does not.
 */
export function reducesOutputTax(supplyAt: Date, noteAt: Date): boolean {
  return istDateOf(noteAt) <= `${financialYearOf(supplyAt).startYear + 1}-11-30`;
}

/** Rule 46 allows at most 16 characters: `TP/2627/000042` is 14. */
export const DOCUMENT_NUMBER_MAX = 16;

/** A document's number in its series: prefix, financial year, and the sequence zero-padded to six digits. */
export function documentNumber(prefix: string, instant: Date, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`sequence must be 1 or more, got ${sequence}`);
  const number = `${prefix}/${financialYearOf(instant).code}/${String(sequence).padStart(6, '0')}`;
  if (number.length > DOCUMENT_NUMBER_MAX) throw new RangeError(`${number} is longer than ${DOCUMENT_NUMBER_MAX} characters`);
  return number;
}
