import { formatIndianDate } from '@portal/contracts';

/** The Indian calendar date of a stored instant, as every page, e-mail and PDF reads it: "23 Jan 2028". */
export const day = (iso: string | null) => (iso ? formatIndianDate(iso) : '—');
