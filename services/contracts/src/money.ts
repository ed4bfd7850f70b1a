/**
 * Rupees as Indian buyers read them: Indian digit grouping (₹1,00,000) and paise only when there
 * are some (₹500, ₹499.50).
 */
export const formatRupees = (amount: number): string =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

/**
 * The same rupees with the paise always written (₹1,499.00), for the columns of a tax invoice or
 * credit note, where figures line up and are added (docs/decisions.md).
 */
export const formatInvoiceAmount = (paise: number): string =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
