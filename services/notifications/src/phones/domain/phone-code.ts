import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_CODE_RULES } from '@portal/contracts';

/**
 * The codes that prove a number: six random digits, kept only as a keyed hash (a leaked database
 * gives no code), compared in constant time.
 */
export function phoneCodes(serviceSecret: string) {
  const key = createHmac('sha256', serviceSecret).update('notifications: phone codes').digest();
  const hash = (userId: string, mobile: string, code: string) =>
    createHmac('sha256', key).update(`${userId}:${mobile}:${code}`).digest('base64url');
  return {
    make: () => String(randomInt(0, 10 ** PHONE_CODE_RULES.digits)).padStart(PHONE_CODE_RULES.digits, '0'),
    hash,
    matches(stored: string, userId: string, mobile: string, code: string) {
      const given = Buffer.from(hash(userId, mobile, code));
      const expected = Buffer.from(stored);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type PhoneCodes = ReturnType<typeof phoneCodes>;
