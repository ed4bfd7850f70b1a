import { createPublicKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Redis } from 'ioredis';
import { isConsentDue, TOKEN_AUDIENCE, TOKEN_ISSUER, type ConsentClaims, type TokenAudience } from '@portal/contracts';
import { invalidToken } from '../errors/app-errors';

export interface TokenClaims extends ConsentClaims {
  sub: string;
  aud: TokenAudience;
  jti: string;
  iat: number;
  /**
   * When the token was issued, to the millisecond. A password reset ends the tokens issued before
   * it; `iat`'s whole seconds would also end a sign-in made in the same second after it.
   */
  iat_ms?: number;
  exp: number;
  email: string;
  role?: string;
  /** The desktop session a desktop token was issued to: ending the session ends its tokens. */
  sid?: string;
  /** A desktop token for a firm's seat: the firm chosen when the app was signed in. */
  firm?: string;
  /** A partner token: the partner whose staff the person is. */
  partner?: string;
  /** How an admin signed in (RFC 8176): the password and a second factor. */
  amr?: string[];
}

export interface AuthContext {
  userId: string;
  email: string;
  role?: string;
  tokenId: string;
  expiresAt: number;
  /** The firm a desktop token works for, when one was chosen at sign-in. */
  firmId?: string;
  /** The partner a partner token works for. */
  partnerId?: string;
  /** Present while the person must accept the policies in force (or give their age) before most calls. */
  consentDue?: { ageRequired: boolean };
  /** The ways the admin proved who they are, from the token's `amr`. */
  methods?: string[];
  /** A call made with a read-only API key rather than a person's token: the key's id. */
  apiKeyId?: string;
}

export interface TokenVerifierOptions {
  publicKey: string;
  redis?: Redis;
  redisPrefix?: string;
  /** Told when the revocation list could not be read and a user's token was let through. */
  onRevocationUnknown?: (error: unknown) => void;
}

export const revokedTokenKey = (prefix: string, jti: string) => `${prefix}auth:revoked:${jti}`;
export const tokensValidAfterKey = (prefix: string, userId: string) => `${prefix}auth:valid-after:${userId}`;
export const revokedSessionKey = (prefix: string, sessionId: string) => `${prefix}auth:revoked-session:${sessionId}`;

export type TokenVerifier = (token: string, audience: TokenAudience) => Promise<AuthContext>;

/**
 * Verifies the signature, issuer, audience and expiry, then asks Redis whether the token was
 * revoked (logout) or predates a password reset. Auth signs; everyone else only verifies.
 *
 * While Redis is unreachable the revocation list is unknown. An admin token is then refused (the
 * outage answers 503): admin calls change other people's accounts and money. A user's or the
 * desktop app's token is accepted on its signature alone, for at most its own short life, so that
 * a Redis outage does not sign every customer out; docs/decisions/0020 weighs the two.
 */
export function createTokenVerifier({ publicKey, redis, redisPrefix = '', onRevocationUnknown }: TokenVerifierOptions): TokenVerifier {
  // parsed once: given the PEM, jsonwebtoken parses it again on every call (a tenth of a service's CPU under load)
  const key = createPublicKey(publicKey);
  const signed = verifiedSignatures(
    (token, audience) => jwt.verify(token, key, { algorithms: ['RS256'], issuer: TOKEN_ISSUER, audience }) as TokenClaims,
  );
  return async (token, audience) => {
    let claims: TokenClaims;
    try {
      claims = signed(token, audience);
    } catch {
      throw invalidToken('Your session is not valid. Please sign in again.');
    }
    if (redis) {
      let revoked: string | null | undefined;
      let validAfter: string | null | undefined;
      let sessionEnded: string | null | undefined;
      const keys = [revokedTokenKey(redisPrefix, claims.jti), tokensValidAfterKey(redisPrefix, claims.sub)];
      if (claims.sid) keys.push(revokedSessionKey(redisPrefix, claims.sid));
      try {
        [revoked, validAfter, sessionEnded] = await redis.mget(keys);
      } catch (error) {
        if (audience === TOKEN_AUDIENCE.admin) throw error;
        onRevocationUnknown?.(error);
      }
      const issuedAtMs = claims.iat_ms ?? claims.iat * 1000;
      if (revoked || sessionEnded || (validAfter && issuedAtMs <= Number(validAfter))) {
        throw invalidToken('Your session has ended. Please sign in again.');
      }
    }
    return {
      userId: claims.sub,
      email: claims.email,
      role: claims.role,
      tokenId: claims.jti,
      expiresAt: claims.exp,
      ...(claims.firm ? { firmId: claims.firm } : {}),
      ...(claims.partner ? { partnerId: claims.partner } : {}),
      ...(Array.isArray(claims.amr) ? { methods: claims.amr } : {}),
      ...(isConsentDue(claims) ? { consentDue: { ageRequired: claims.age === false } } : {}),
    };
  };
}

// A person's token comes back with each of their calls for its whole life: its signature is
// checked at its first call in this process, not at every one (about a tenth of a simple call's
// CPU). The exact token is the key, so only the same bytes skip the check; its expiry is checked
// at every call as jsonwebtoken checks it, and its revocation by the caller.
const VERIFIED_KEPT = 5_000;

function verifiedSignatures(verify: (token: string, audience: TokenAudience) => TokenClaims) {
  const verified = new Map<string, TokenClaims>();
  return (token: string, audience: TokenAudience): TokenClaims => {
    const entry = `${audience} ${token}`;
    const known = verified.get(entry);
    if (known) {
      if (Math.floor(Date.now() / 1000) < known.exp) return known;
      verified.delete(entry);
    }
    const claims = verify(token, audience);
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(entry, claims);
    return claims;
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}
