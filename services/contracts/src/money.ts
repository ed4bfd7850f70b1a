/**
 * Rupees as Indian buyers read them: Indian digit grouping (₹1,00,000) and paise only when there
 * are some (₹500, ₹499.50).
 */
export const formatRupees = (amount: number): string =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;
