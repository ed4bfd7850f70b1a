import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { exportJWK, SignJWT } from 'jose';
import { LICENSE_AUDIENCE, LICENSE_ISSUER, LICENSE_TYPE } from '@portal/contracts';
import type { LicenseSigner } from '../domain/ports';

/** The key id is the public key's thumbprint, so a new key gets a new id by itself. */
const keyId = (publicKey: KeyObject) =>
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
    sign: (claims, issuedAt, expiresAt) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: LICENSE_TYPE })
        .setIssuer(LICENSE_ISSUER)
        .setAudience(LICENSE_AUDIENCE)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(privateKey),
    async jwks() {
      const keys = await Promise.all(
        verifying.map(async (key) => ({ ...(await exportJWK(key)), kid: keyId(key), alg: 'EdDSA', use: 'sig' })),
      );
      return { keys };
    },
  };
}
