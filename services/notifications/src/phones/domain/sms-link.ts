import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link every SMS ends with (DLT allows two variables, so one link does both): a page that opens
 * the portal and stops SMS in one click. Signed with a key of its own; it names one person.
 */
export function smsLinks(serviceSecret: string, publicUrl: string) {
  const key = createHmac('sha256', serviceSecret).update('notifications: sms links').digest();
  const sign = (userId: string) => createHmac('sha256', key).update(userId).digest().subarray(0, 16);
  return {
    url: (userId: string) => `${publicUrl}/api/notifications/sms?t=${userId}.${sign(userId).toString('base64url')}`,
    /** Whose link it is; null when this portal did not sign it. */
    read(token: string): string | null {
      const [userId = '', signature = '', ...rest] = token.split('.');
      if (rest.length || !/^[a-f\d]{24}$/.test(userId)) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(userId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
export type SmsLinks = ReturnType<typeof smsLinks>;
