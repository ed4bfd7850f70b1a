import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';
import { LICENSE_AUDIENCE, LICENSE_ISSUER, LICENSE_TYPE } from '@portal/contracts';
import type { LicenseSigner } from '../domain/ports';

/** The key id is the key's RFC 7638 JWK thumbprint (SHA-256), so a new key gets a new id by itself. */
const keyId = async (publicKey: KeyObject) => calculateJwkThumbprint(await exportJWK(publicKey), 'sha256');

/**
 * The id licences carried before the thumbprint was RFC 7638's (a SHA-256 of the key's SPKI,
 * cut to 16 characters). The key set lists each key under it too, so a licence signed before
 * the change still finds its key until it expires.
 */
const legacyKeyId = (publicKey: KeyObject) =>
  createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64url')
    .slice(0, 16);

/** Each PEM block of a list of public keys, in order. */
const pemBlocks = (pems: string) => pems.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];

/**
 * Signs licences with the Ed25519 key from LICENSE_SIGNING_KEY (a compact JWS, `alg: EdDSA`) and
 * publishes its public key with the retired ones as a JWKS. Without a key (development and tests
 * only; production refuses to start), a throwaway key is made for this process.
 */
export function createLicenseSigner(signingKeyPem: string | undefined, retiredPublicKeys = ''): LicenseSigner & { throwaway: boolean } {
  const privateKey = signingKeyPem ? createPrivateKey(signingKeyPem) : generateKeyPairSync('ed25519').privateKey;
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('LICENSE_SIGNING_KEY must be an Ed25519 private key');
  const publicKey = createPublicKey(privateKey);
  const kid = keyId(publicKey);
  const verifying = [publicKey, ...pemBlocks(retiredPublicKeys).map((pem) => createPublicKey(pem))];
  return {
    throwaway: !signingKeyPem,
    sign: async (claims, issuedAt, expiresAt, jti = randomUUID()) => {
      const issued = Math.floor(issuedAt.getTime() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'EdDSA', kid: await kid, typ: LICENSE_TYPE })
        .setIssuer(LICENSE_ISSUER)
        .setAudience(LICENSE_AUDIENCE)
        .setJti(jti)
        .setIssuedAt(issued)
        .setNotBefore(issued)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(privateKey);
    },
    async jwks() {
      const keys = await Promise.all(
        verifying.map(async (key) => {
          const jwk = { ...(await exportJWK(key)), alg: 'EdDSA', use: 'sig' };
          return [
            { ...jwk, kid: await keyId(key) },
            { ...jwk, kid: legacyKeyId(key) },
          ];
        }),
      );
      return { keys: keys.flat() };
    },
  };
}
