import { createHash } from 'node:crypto';

/** An invitation's message key: named by its token's hash, never by the token, which is a password until used. */
export const invitationKey = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 32);
