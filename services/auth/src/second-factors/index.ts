/**
 * Second factors and passkeys: a practitioner's authenticator, recovery codes and passkeys, and the
 * proofs (a TOTP code, a recovery code, a passkey's assertion) the admins' sign-in uses too. Other
 * capabilities reach this one through what is exported here, and nothing else (the lint walls in
 * eslint.config.mjs).
 */
export { passkeyOptions, provePasskey, type PasskeyProofDeps } from './domain/passkey-proofs';
export { beginTotp, confirmTotp, proveSecondFactor, type Proof, type TotpProofDeps } from './domain/totp-proofs';
export type { PasskeyStore, StoredPasskey } from './domain/ports';
