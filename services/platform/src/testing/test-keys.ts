import { generateKeyPairSync, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type AdminRole, type TokenAudience } from '@portal/contracts';

export interface TestKeys {
  privateKey: string;
  publicKey: string;
}

export function generateTestKeys(): TestKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** Signs a token the way the auth service does, for tests of services that only verify. */
export function signTestToken(
  privateKey: string,
  audience: TokenAudience,
  claims: { sub: string; email: string; role?: string; issuedAtMs?: number; firm?: string; partner?: string; amr?: string[] },
  expiresInSeconds = 3600,
): string {
  const issued = claims.issuedAtMs === undefined ? {} : { iat: Math.floor(claims.issuedAtMs / 1000), iat_ms: claims.issuedAtMs };
  const firm = claims.firm ? { firm: claims.firm } : {};
  const amr = claims.amr ? { amr: claims.amr } : {};
  const partner = claims.partner ? { partner: claims.partner } : {};
  return jwt.sign({ email: claims.email, role: claims.role, ...issued, ...firm, ...partner, ...amr }, privateKey, {
    algorithm: 'RS256',
    issuer: TOKEN_ISSUER,
    audience,
    subject: claims.sub,
    jwtid: randomUUID(),
    expiresIn: expiresInSeconds,
  });
}

/** An admin's token as auth issues it after the second factor, an owner's unless told. */
export const signAdminTestToken = (privateKey: string, claims: { sub: string; email: string; role?: AdminRole; issuedAtMs?: number }) =>
  signTestToken(privateKey, TOKEN_AUDIENCE.admin, { role: 'owner', ...claims, amr: ['pwd', 'otp'] });
