import { istDateOf, type AdminUserRow } from '@portal/contracts';

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

/** The date part of an ISO timestamp, or the fallback. */
export const dateOrNotProvided = (iso: string | null | undefined) => (iso ? istDateOf(new Date(iso)) : NOT_PROVIDED);
