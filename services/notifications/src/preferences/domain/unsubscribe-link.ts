import { createHmac, timingSafeEqual } from 'node:crypto';
import { isOptionalCategory, type OptionalCategory } from '@portal/contracts';

export interface UnsubscribeLinks {
  /** The link that stops one category for one person; it does not expire, as old e-mails keep it. */
  url(userId: string, category: OptionalCategory): string;
  /** Whose and which category a token names; null when this portal did not sign it. */
  read(token: string): { userId: string; category: OptionalCategory } | null;
}

/**
 * Unsubscribe links signed with a key of their own, derived from the service secret, so that only
 * the portal can make one and a link names one person and one category: `userId.category.signature`.
 */
export function unsubscribeLinks(serviceSecret: string, publicUrl: string): UnsubscribeLinks {
  const key = createHmac('sha256', serviceSecret).update('notifications: unsubscribe links').digest();
  const sign = (userId: string, category: string) => createHmac('sha256', key).update(`${userId}.${category}`).digest();
  return {
    url(userId, category) {
      const token = `${userId}.${category}.${sign(userId, category).toString('base64url')}`;
      return `${publicUrl}/api/notifications/unsubscribe?token=${token}`;
    },
    read(token) {
      const [userId = '', category = '', signature = '', ...rest] = token.split('.');
      if (rest.length || !userId || !isOptionalCategory(category)) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(userId, category);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, category } : null;
    },
  };
}
