import jwt from 'jsonwebtoken';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@portal/contracts';
import { bearerToken, invalidToken, unauthorized } from '@portal/platform';
import type { Access } from '../routing/route-table';

const CACHE_LIMIT = 10_000;

export type TokenGuard = (access: Access, authorization: string | undefined) => void;

/**
 * Early rejection of calls without a valid token of the right audience. A verified token is
 * remembered until it expires, so the RSA check runs once per token rather than per request;
 * revocation is left to the services, which consult Redis on every call.
 */
export function createTokenGuard(publicKey: string): TokenGuard {
  const verified = new Map<string, { aud: string; exp: number }>();

  function claimsOf(token: string): { aud: string; exp: number } | undefined {
    const cached = verified.get(token);
    if (cached) return cached;
    try {
      const { aud, exp } = jwt.verify(token, publicKey, { algorithms: ['RS256'], issuer: TOKEN_ISSUER }) as { aud: string; exp: number };
      if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
      const claims = { aud, exp };
      verified.set(token, claims);
      return claims;
    } catch {
      return undefined;
    }
  }

  return (access, authorization) => {
    if (access === 'public') return;
    const token = bearerToken(authorization);
    if (!token) throw unauthorized();
    const claims = claimsOf(token);
    const audience = TOKEN_AUDIENCE[access];
    if (!claims || claims.aud !== audience || claims.exp * 1000 <= Date.now()) {
      throw invalidToken('Your session is not valid. Please sign in again.');
    }
  };
}
