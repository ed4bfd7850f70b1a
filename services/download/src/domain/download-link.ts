import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkClaims {
  version: string;
  userId: string;
  expires: number;
}

/**
 * Download links are signed for one user and one version and expire after a few minutes; the
 * signature is the credential, since a browser's download carries no bearer token. The key is
 * derived from the service secret with a label of its own, so it is never the secret itself.
 */
export function downloadLinkSigner(serviceSecret: string) {
  const key = createHmac('sha256', serviceSecret).update('download-links/v1').digest();
  const signatureOf = ({ version, userId, expires }: LinkClaims) =>
    createHmac('sha256', key).update(`${version}\n${userId}\n${expires}`).digest('base64url');

  return {
    sign: (claims: LinkClaims) => signatureOf(claims),
    isValid(claims: LinkClaims, signature: string, now: Date): boolean {
      if (!Number.isSafeInteger(claims.expires) || claims.expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(signatureOf(claims));
      const presented = Buffer.from(signature);
      return presented.length === expected.length && timingSafeEqual(presented, expected);
    },
  };
}
