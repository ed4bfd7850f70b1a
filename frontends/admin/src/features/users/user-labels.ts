import { formatIndianDate, type AdminUserRow } from '@portal/contracts';

export const NOT_PROVIDED = 'Not provided';

/** 'N days', 'No subscription' or 'Expired' (behaviour.md §2). */
export function daysLabel(user: Pick<AdminUserRow, 'subscriptionStatus' | 'daysRemaining'>): string {
  if (user.subscriptionStatus === 'none') return 'No subscription';
  if (user.subscriptionStatus === 'expired') return 'Expired';
  return `${user.daysRemaining} days`;
}

/** A stored value, or the details modal's fallback. */
export const orNotProvided = (value: string | number | null | undefined) =>
  value === undefined || value === null || value === '' ? NOT_PROVIDED : String(value);

/** The Indian calendar date of a timestamp, as people read it, or the fallback. */
export const dateOrNotProvided = (iso: string | null | undefined) => (iso ? formatIndianDate(iso) : NOT_PROVIDED);
