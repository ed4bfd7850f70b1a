import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { unauthorized } from '@portal/platform';

/**
 * PhonePe sends Authorization: SHA256(username:password) of the credentials set on its dashboard
 * and does not sign the body; the header is compared in constant time, and a refusal is recorded.
 */
export function phonePeWebhookAuth(username: string, password: string, onRefused: () => Promise<void>): RequestHandler {
  const expected = Buffer.from(createHash('sha256').update(`${username}:${password}`).digest('hex'));
  return async (req, _res, next) => {
    const presented = Buffer.from((req.headers.authorization ?? '').trim().toLowerCase());
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      await onRefused();
      throw unauthorized('Webhook authorization failed');
    }
    next();
  };
}
