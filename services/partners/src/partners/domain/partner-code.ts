import { randomInt } from 'node:crypto';

// no 0/O or 1/I: a code is read aloud and typed from a visiting card
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A partner's sign-up code: eight characters, about 10^12 of them. */
export const newPartnerCode = (): string => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
