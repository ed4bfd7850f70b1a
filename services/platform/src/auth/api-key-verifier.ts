import { createHash, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import { API_KEY_LIMITS, API_KEY_MESSAGES, API_KEY_PREFIX, type ApiKeyScope } from '@portal/contracts';
import { forbidden, invalidToken, tooManyRequests } from '../errors/app-errors';
import type { AuthContext } from './token-verifier';

/** `tpk_`, the key's id (16 hex digits) and its secret (32 bytes, base64url). */
const KEY_FORMAT = /^tpk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** What auth writes to Redis for each live key, and every service reads to check one. */
export interface ApiKeyEntry {
  /** SHA-256 of the whole key, hex: the key itself is never stored. */
  hash: string;
  userId: string;
  email: string;
  scopes: ApiKeyScope[];
}

export const apiKeyEntryKey = (prefix: string, id: string) => `${prefix}auth:api-key:${id}`;
/** A revoked key's mark, kept for good: a replay of the live keys cannot bring it back. */
export const revokedApiKeyKey = (prefix: string, id: string) => `${prefix}auth:api-key-revoked:${id}`;
/** When the key was last used, to the minute: what its owner's list shows. */
export const apiKeyLastUsedKey = (prefix: string, id: string) => `${prefix}auth:api-key-last-used:${id}`;
const usedThisMinuteKey = (prefix: string, id: string) => `${prefix}auth:api-key-used:${id}`;
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const apiKeyId = (key: string) => KEY_FORMAT.exec(key)?.[1] ?? null;
export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

export interface ApiKeyVerifierOptions {
  redis: Redis;
  redisPrefix: string;
  /** Told of a key's use once a minute at most (the security log names it). */
  onUsed?: (use: { keyId: string; userId: string; email: string; scope: ApiKeyScope }) => void;
  now?: () => Date;
}

export type ApiKeyVerifier = (key: string, scope: ApiKeyScope) => Promise<AuthContext>;

/**
 * Checks a read-only API key as a token is checked, at the service that answers: its entry in
 * Redis (written by auth, gone or marked when revoked), the hash compared in constant time, the
 * call's scope among the key's, and at most API_KEY_LIMITS.callsPerMinute calls a minute per key,
 * counted across every replica. While Redis is away a key is refused (a 503), as an admin token is.
 */
export function createApiKeyVerifier({ redis, redisPrefix, onUsed, now = () => new Date() }: ApiKeyVerifierOptions): ApiKeyVerifier {
  return async (key, scope) => {
    const id = apiKeyId(key);
    if (!id) throw invalidToken(API_KEY_MESSAGES.invalid);
    const [stored, revoked] = await redis.mget(apiKeyEntryKey(redisPrefix, id), revokedApiKeyKey(redisPrefix, id));
    if (!stored || revoked) throw invalidToken(API_KEY_MESSAGES.invalid);
    const entry = JSON.parse(stored) as ApiKeyEntry;
    const [given, kept] = [Buffer.from(hashApiKey(key), 'hex'), Buffer.from(entry.hash, 'hex')];
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) throw invalidToken(API_KEY_MESSAGES.invalid);
    if (!entry.scopes.includes(scope)) throw forbidden(API_KEY_MESSAGES.scopeRefused);
    const at = now().getTime();
    const minute = Math.floor(at / 60_000);
    const counter = `${redisPrefix}auth:api-key-calls:${id}:${minute}`;
    // counted, and the minute's first use marked, in one round trip
    const [[, calls], , [, firstThisMinute]] = (await redis
      .multi()
      .incr(counter)
      .expire(counter, 120)
      .set(usedThisMinuteKey(redisPrefix, id), '1', 'EX', 60, 'NX')
      .exec()) as [[unknown, number], unknown, [unknown, string | null]];
    if (calls > API_KEY_LIMITS.callsPerMinute) throw tooManyRequests(60 - Math.floor((at % 60_000) / 1000), API_KEY_MESSAGES.tooManyCalls);
    if (firstThisMinute) {
      await redis.set(apiKeyLastUsedKey(redisPrefix, id), new Date(at).toISOString());
      onUsed?.({ keyId: id, userId: entry.userId, email: entry.email, scope });
    }
    return { userId: entry.userId, email: entry.email, tokenId: `api-key:${id}`, expiresAt: Math.floor(at / 1000) + 60, apiKeyId: id };
  };
}
