import { istDateOf } from '@portal/contracts';

/** A statement's month (`2026-11`) of an instant, on India's clock. */
export const monthOf = (instant: Date): string => istDateOf(instant).slice(0, 7);

export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** The last month whose statement is due: the month before, from the statement day's first moment in India. */
export function lastDueMonth(now: Date, statementDay: number): string {
  const today = istDateOf(now);
  const thisMonth = today.slice(0, 7);
  const day = Number(today.slice(8, 10));
  return day >= statementDay ? previousMonth(thisMonth) : previousMonth(previousMonth(thisMonth));
}
