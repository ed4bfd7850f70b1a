import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret as the Standard Webhooks specification writes it: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** A delivery's `webhook-id`, the same on every try: `msg_` and a name derived from what it delivers. */
export const messageId = (name: string) => `msg_${createHmac('sha256', 'webhook-id').update(name).digest('base64url').slice(0, 27)}`;

/**
 * The `webhook-signature` header: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under
 * each secret's bytes, space-separated (during a rotation, the new secret's and the old one's).
 */
export function signatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  const content = `${id}.${timestampSeconds}.${body}`;
  return secrets
    .map(
      (secret) =>
        `v1,${createHmac('sha256', Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64'))
          .update(content)
          .digest('base64')}`,
    )
    .join(' ');
}
