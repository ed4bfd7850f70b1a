/**
 * Paise, the unit every amount is kept and computed in, as the rupees the public API's fields,
 * the CSV files and people read (the spec's amounts are rupees). The one place paise become
 * rupees: ESLint refuses a division by 100 elsewhere.
 */
export const rupeesOf = (paise: number): number => paise / 100;

/** Rupees to the nearest paisa, where a sum or a share of rupees may have left more decimals. */
export const toNearestPaisa = (rupees: number): number => Math.round(rupees * 100) / 100;

/**
 * Rupees as Indian buyers read them: Indian digit grouping (₹1,00,000) and paise only when there
 * are some (₹500, ₹499.50).
 */
export const formatRupees = (amount: number): string =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** Paise as people read them: formatRupees of their rupees. */
export const formatPaise = (paise: number): string => formatRupees(rupeesOf(paise));

/**
 * The same rupees with the paise always written (₹1,499.00), for the columns of a tax invoice or
 * credit note, where figures line up and are added (docs/decisions.md).
 */
export const formatInvoiceAmount = (paise: number): string =>
  `₹${rupeesOf(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
