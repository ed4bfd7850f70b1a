import { createHash, createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Redis } from 'ioredis';
import { TOKEN_ISSUER, type TokenAudience } from '@portal/contracts';
import { revokedSessionKey, revokedTokenKey, tokensValidAfterKey } from '@portal/platform';
import type { TokenIssuer } from '../ports';

export interface TokenIssuerOptions {
  privateKey: string;
  publicKey: string;
  redis: Redis;
  redisPrefix: string;
  ttlSeconds: Record<TokenAudience, number>;
}

/**
 * The cut-off only moves forward: of two revocations at once, the one whose clock read came first
 * may write last, and a plain SET would then bring back the tokens the other one ended.
 */
const RAISE_CUT_OFF = `
local stored = redis.call('GET', KEYS[1])
local cutOff = ARGV[1]
if stored and tonumber(stored) > tonumber(cutOff) then cutOff = stored end
redis.call('SET', KEYS[1], cutOff, 'EX', ARGV[2])
`;

/** The key id is the public key's thumbprint, so a rotated key gets a new one by itself. */
export function keyId(publicKey: string): string {
  const der = createPublicKey(publicKey).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64url').slice(0, 16);
}

export function createTokenIssuer({ privateKey, publicKey, redis, redisPrefix, ttlSeconds }: TokenIssuerOptions): TokenIssuer {
  const kid = keyId(publicKey);
  // parsed once, not on every sign-in (jsonwebtoken parses a PEM on each call)
  const signingKey = createPrivateKey(privateKey);
  const longest = Math.max(...Object.values(ttlSeconds));
  return {
    issue: (subject, audience, sessionId, issuedAtMs = Date.now()) =>
      jwt.sign(
        {
          email: subject.email,
          ...(subject.role ? { role: subject.role } : {}),
          ...(subject.firm ? { firm: subject.firm } : {}),
          ...(subject.partner ? { partner: subject.partner } : {}),
          ...(subject.amr ? { amr: subject.amr } : {}),
          ...(subject.pol !== undefined ? { pol: subject.pol } : {}),
          ...(subject.age === false ? { age: false } : {}),
          ...(sessionId ? { sid: sessionId } : {}),
          iat: Math.floor(issuedAtMs / 1000),
          iat_ms: issuedAtMs,
        },
        signingKey,
        {
          algorithm: 'RS256',
          keyid: kid,
          issuer: TOKEN_ISSUER,
          audience,
          subject: subject.id,
          jwtid: randomUUID(),
          expiresIn: ttlSeconds[audience],
        },
      ),
    async revoke(tokenId, expiresAt) {
      const ttl = Math.max(1, expiresAt - Math.floor(Date.now() / 1000));
      await redis.set(revokedTokenKey(redisPrefix, tokenId), '1', 'EX', ttl);
    },
    async revokeSession(sessionId, audience) {
      await redis.set(revokedSessionKey(redisPrefix, sessionId), '1', 'EX', ttlSeconds[audience]);
    },
    async revokeAllFor(userId) {
      const cutOff = Date.now();
      await redis.eval(RAISE_CUT_OFF, 1, tokensValidAfterKey(redisPrefix, userId), cutOff, longest);
      return cutOff;
    },
  };
}

/** The verification key as a JWKS document, for the gateway and the services. */
export function jwks(publicKey: string) {
  const jwk = createPublicKey(publicKey).export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: keyId(publicKey), alg: 'RS256', use: 'sig' }] };
}
