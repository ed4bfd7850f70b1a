import { escapeRegex } from '@portal/platform';
import type { UserRecord } from '../../shared/ports';

/**
 * The admin's user search matches the start of what the table shows: the e-mail or its domain,
 * the full name or the last name, the mobile number, the city (docs/decisions/0031, "The users
 * search"). Each is kept lower-cased in a field of its own with its own index, so that a search
 * reads those indexes, on MongoDB and on the embedded store, rather than every user.
 */
export interface UserSearchKeys {
  searchEmailDomain: string;
  searchName: string;
  searchLastName: string;
  searchMobile: string;
  searchCity: string;
}

export const SEARCH_KEY_FIELDS = ['searchEmailDomain', 'searchName', 'searchLastName', 'searchMobile', 'searchCity'] as const;

/** Lower case, one space between words: "  Asha   RAO " is "asha rao". */
export const searchText = (text: string | null | undefined) => (text ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** An Indian mobile written with its country code (+91 and ten digits) is searched by its ten digits. */
const nationalNumber = (digits: string) => (/^91\d{10}$/.test(digits) ? digits.slice(2) : digits);

type Searchable = Pick<UserRecord, 'firstName' | 'lastName' | 'personalInfo'> & { email?: string };

/** The keys of a user's searchable fields; the e-mail's only when it is given (a profile edit keeps it). */
export function userSearchKeys({ email, firstName, lastName, personalInfo }: Searchable): Partial<UserSearchKeys> {
  return {
    ...(email === undefined ? {} : { searchEmailDomain: searchText(email.split('@')[1]) }),
    searchName: searchText(`${firstName} ${lastName}`),
    searchLastName: searchText(lastName),
    searchMobile: nationalNumber(digitsOf(personalInfo?.mobileNumber ?? '')),
    searchCity: searchText(personalInfo?.address?.city),
  };
}

/** The users whose e-mail, domain, full name, last name, mobile or city starts with `term`. */
export function userSearchFilter(term: string) {
  const text = searchText(term);
  const startsWith = (prefix: string) => ({ $regex: `^${escapeRegex(prefix)}` });
  const digits = digitsOf(text);
  // "+91 98111" and "98111": a term of phone characters is also looked up by its digits
  const mobiles = /^[\d\s()+-]+$/.test(text) ? [...new Set([digits, digits.replace(/^91/, '')])].filter(Boolean) : [];
  return {
    $or: [
      { email: startsWith(text) },
      ...SEARCH_KEY_FIELDS.filter((field) => field !== 'searchMobile').map((field) => ({ [field]: startsWith(text) })),
      ...mobiles.map((prefix) => ({ searchMobile: startsWith(prefix) })),
    ],
  };
}
