import { createCipheriv, createDecipheriv, createPrivateKey, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretBox } from '../domain/ports';

/**
 * Seals the authenticators' secrets at rest (AES-256-GCM), so a copy of the database alone does not
 * give anyone an admin's codes. The key is SECOND_FACTOR_KEY, or else derived from the token
 * signing key, which auth alone holds (docs/decisions/0043: rotating that key means re-enrolling).
 */
export function secretBox({ key, signingKey }: { key?: string; signingKey: string }): SecretBox {
  const secret = key
    ? Buffer.from(key, 'hex')
    : Buffer.from(
        hkdfSync(
          'sha256',
          createPrivateKey(signingKey).export({ type: 'pkcs8', format: 'der' }),
          'portal-auth',
          'second-factor-secrets',
          32,
        ),
      );
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed second-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
