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

/**
 * A whole number with Indian digit grouping: the last three digits, then pairs (12,34,567).
 * Written out rather than asked of Intl: a page's first `en-IN` formatter loads the locale's data,
 * about 25 ms of a phone's main thread as the pricing and subscription pages render their prices
 * (Lighthouse's blocking time, docs/operations.md), for a rule this short.
 */
export function formatIndianNumber(whole: number): string {
  const digits = String(Math.abs(Math.trunc(whole)));
  const grouped = digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return whole < 0 && digits !== '0' ? `-${grouped}` : grouped;
}

/** Rupees to the nearest paisa as Indian grouping and two decimals: "1,499.00", "-0.50". */
function withPaise(rupees: number): string {
  const paise = Math.round(Math.abs(rupees) * 100);
  const [whole, fraction] = [Math.floor(paise / 100), paise % 100];
  const sign = rupees < 0 && paise > 0 ? '-' : '';
  return `${sign}${formatIndianNumber(whole)}.${String(fraction).padStart(2, '0')}`;
}

/**
 * Rupees as Indian buyers read them: Indian digit grouping (₹1,00,000) and paise only when there
 * are some (₹500, ₹499.50).
 */
export const formatRupees = (amount: number): string => `₹${Number.isInteger(amount) ? formatIndianNumber(amount) : withPaise(amount)}`;

/** Paise as people read them: formatRupees of their rupees. */
export const formatPaise = (paise: Paise): string => formatRupees(rupeesOf(paise));

/**
 * The same rupees with the paise always written (₹1,499.00), for the columns of a tax invoice or
 * credit note, where figures line up and are added (docs/decisions/0030).
 */
export const formatInvoiceAmount = (paise: Paise): string => `₹${withPaise(rupeesOf(paise))}`;
