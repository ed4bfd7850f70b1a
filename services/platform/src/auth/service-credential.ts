import { createSecretKey, type KeyObject } from 'node:crypto';
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { TOKEN_AUDIENCE } from '@portal/contracts';
import { forbidden, unauthorized } from '../errors/app-errors';
import { bearerToken } from './token-verifier';

const LIFETIME_SECONDS = 300;
const RENEW_BEFORE_SECONDS = 60;

/**
 * The secret as a key object: given a string, jsonwebtoken first tries it as a PEM public key and
 * only after that throws takes it as a secret, on every call (a tenth of auth's CPU under load).
 */
const hmacKey = (secret: string): KeyObject => createSecretKey(Buffer.from(secret));

/**
 * Short-lived tokens that name the calling service, signed with the shared service secret.
 * They are never user tokens: their audience is accepted only on /internal/* routes.
 */
export function createServiceCredential(service: string, secret: string): () => string {
  let cached: { header: string; renewAt: number } | undefined;
  const key = hmacKey(secret);
  return () => {
    const now = Math.floor(Date.now() / 1000);
    if (!cached || now >= cached.renewAt) {
      const token = jwt.sign({}, key, {
        algorithm: 'HS256',
        audience: TOKEN_AUDIENCE.internal,
        subject: service,
        expiresIn: LIFETIME_SECONDS,
      });
      cached = { header: `Bearer ${token}`, renewAt: now + LIFETIME_SECONDS - RENEW_BEFORE_SECONDS };
    }
    return cached.header;
  };
}

/** Guards /internal/* routes; `allowed` names the services that may call them. */
export function requireService(secret: string, allowed?: string[]): RequestHandler {
  const key = hmacKey(secret);
  return (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized('Service credential required');
    let caller: string;
    try {
      caller = (jwt.verify(token, key, { algorithms: ['HS256'], audience: TOKEN_AUDIENCE.internal }) as { sub: string }).sub;
    } catch {
      throw unauthorized('Service credential is not valid');
    }
    if (allowed && !allowed.includes(caller)) throw forbidden(`Service ${caller} may not call this route`);
    req.callerService = caller;
    next();
  };
}
