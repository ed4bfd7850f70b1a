import { createPublicKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { API_KEY_MESSAGES, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@portal/contracts';
import { apiKeyId, bearerToken, invalidToken, isApiKey, unauthorized } from '@portal/platform';
import type { RouteRule } from '../routing/route-table';

const CACHE_LIMIT = 10_000;

/**
 * Refuses a call without a valid token of its route's audience; answers the access line's field
 * naming the signed-in subject (none on a public route). `connection` is the one the call came
 * on: calls on one connection mostly carry the same token.
 */
export type TokenGuard = (
  rule: Pick<RouteRule, 'access' | 'apiKey'>,
  authorization: string | undefined,
  connection: object,
) => string | undefined;

interface Claims {
  aud: string;
  exp: number;
  /** `,"subject":"<sub>"`, rendered once per token for the access line. */
  subjectField: string;
}

/**
 * Early rejection of calls without a valid token of the right audience. A verified token is
 * remembered until it expires, so the RSA check runs once per token rather than per request;
 * revocation is left to the services, which consult Redis on every call. Each connection also
 * remembers the last Authorization header it verified: comparing the next call's header with it
 * is cheaper than hashing a token of several hundred characters to find it among all tokens.
 */
export function createTokenGuard(publicKey: string): TokenGuard {
  const key = createPublicKey(publicKey); // once, not per token (jsonwebtoken parses a PEM on every call)
  const verified = new Map<string, Claims>();
  const lastOnConnection = new WeakMap<object, { authorization: string; claims: Claims }>();

  function claimsOf(token: string): Claims | undefined {
    const cached = verified.get(token);
    if (cached) return cached;
    try {
      const { aud, exp, sub } = jwt.verify(token, key, { algorithms: ['RS256'], issuer: TOKEN_ISSUER }) as jwt.JwtPayload &
        Omit<Claims, 'subjectField'>;
      if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
      const claims = { aud, exp, subjectField: sub === undefined ? '' : `,"subject":${JSON.stringify(sub)}` };
      verified.set(token, claims);
      return claims;
    } catch {
      return undefined;
    }
  }

  function claimsFor(authorization: string | undefined, connection: object): Claims | undefined {
    const last = lastOnConnection.get(connection);
    if (last && last.authorization === authorization) return last.claims;
    const token = bearerToken(authorization);
    if (!token) throw unauthorized();
    const claims = claimsOf(token);
    if (claims) lastOnConnection.set(connection, { authorization: authorization as string, claims });
    return claims;
  }

  /** A read-only API key on a route that takes one: checked by the service against Redis, with its scope; here only its shape. */
  function apiKeySubject(authorization: string | undefined): string | undefined {
    const token = bearerToken(authorization);
    if (!token || !isApiKey(token)) return undefined;
    const id = apiKeyId(token);
    if (!id) throw invalidToken(API_KEY_MESSAGES.invalid);
    return `,"apiKey":${JSON.stringify(id)}`;
  }

  return ({ access, apiKey }, authorization, connection) => {
    if (access === 'public') return undefined;
    const claims = claimsFor(authorization, connection);
    // a token's calls, the most, stay on the remembered path; a key is looked at only when no token verified
    const keyed = !claims && apiKey ? apiKeySubject(authorization) : undefined;
    if (keyed) return keyed;
    const audience = TOKEN_AUDIENCE[access];
    if (!claims || claims.aud !== audience || claims.exp * 1000 <= Date.now()) {
      throw invalidToken('Your session is not valid. Please sign in again.');
    }
    return claims.subjectField;
  };
}
