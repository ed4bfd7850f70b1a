import { createHash, randomInt } from 'node:crypto';

// no 0/o, 1/l/i: codes are read from paper
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Ten codes of ~49 bits each: too many to guess in five tries, so a fast hash is enough to store them. */
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
export const hashRecoveryCode = (code: string) => createHash('sha256').update(code).digest('hex');
