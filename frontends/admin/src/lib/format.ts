import { istDateOf } from '@portal/contracts';

/** The Indian calendar date of a stored instant, as the admin's filters read dates. */
export const day = (iso: string | null) => (iso ? istDateOf(new Date(iso)) : '—');
