declare const unit: unique symbol;

/**
 * An amount in whole paise. Branded, so that rupees cannot be passed where paise are meant: a
 * plain number becomes Paise only through `paiseOf` (from rupees) or `asPaise` (a whole count).
 */
export type Paise = number & { readonly [unit]: 'paise' };

/** A whole number of paise as Paise; a fraction of a paisa is a defect, not a rounding. */
export function asPaise(count: number): Paise {
  if (!Number.isSafeInteger(count)) throw new RangeError(`not a whole number of paise: ${count}`);
  return count as Paise;
}

/** Nothing, in paise. (A cast, not a call: a constant of the pages' bundle stays shakeable.) */
export const NO_PAISE = 0 as Paise;

/** The sum of amounts in paise. */
export const sumPaise = (amounts: readonly Paise[]): Paise => asPaise(amounts.reduce((sum, amount) => sum + amount, 0));

/** What is left of an amount after the others are taken from it (which may be less than nothing). */
export const paiseLeft = (from: Paise, ...taken: Paise[]): Paise => asPaise(from - sumPaise(taken));

/**
 * Paise, the unit every amount is kept and computed in, as the rupees the public API's fields,
 * the CSV files and people read (the spec's amounts are rupees). The one place paise become
 * rupees: ESLint refuses a division by 100 elsewhere.
 */
export const rupeesOf = (paise: Paise): number => paise / 100;

/** Rupees a person or the API wrote, as the whole paise they mean. */
export const paiseOf = (rupees: number): Paise => Math.round(rupees * 100) as Paise;

/** A percentage of an amount (a tax rate, a discount), to the nearest paisa. */
export const percentOfPaise = (amount: Paise, percent: number): Paise => asPaise(Math.round((amount * percent) / 100));

/** Rupees to the nearest paisa, where a sum or a share of rupees may have left more decimals. */
export const toNearestPaisa = (rupees: number): number => Math.round(rupees * 100) / 100;

// Made once: toLocaleString with options builds a new formatter on every call, about a tenth of a
// millisecond each, many times per invoice and per list of payments.
const WHOLE = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const TWO_DECIMALS = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Rupees as Indian buyers read them: Indian digit grouping (₹1,00,000) and paise only when there
 * are some (₹500, ₹499.50).
 */
export const formatRupees = (amount: number): string => `₹${(Number.isInteger(amount) ? WHOLE : TWO_DECIMALS).format(amount)}`;

/** Paise as people read them: formatRupees of their rupees. */
export const formatPaise = (paise: Paise): string => formatRupees(rupeesOf(paise));

/**
 * The same rupees with the paise always written (₹1,499.00), for the columns of a tax invoice or
 * credit note, where figures line up and are added (docs/decisions.md).
 */
export const formatInvoiceAmount = (paise: Paise): string => `₹${TWO_DECIMALS.format(rupeesOf(paise))}`;
