import { z } from 'zod';
import { versionSchema } from './download';
import { deviceIdSchema } from './device-id';
import type { LicenseClaims, DeviceView } from './licensing';

/**
 * Activation by file, on Cryptlex's offline activation: a PC that cannot reach the
 * portal writes a request signed with its own Ed25519 key; the practitioner uploads it from any
 * PC and carries back a licence file for the paid period; a deactivation file, signed the same
 * way, frees the place. docs/desktop-api.md, section 3a, is the desktop team's description.
 */
export const ACTIVATION_REQUEST_TYPE = 'tpp-activation-request+jwt';
export const DEACTIVATION_PROOF_TYPE = 'tpp-deactivation-proof+jwt';
export const LICENCE_FILE_FORMAT = 'tpp-licence-file';
/** A request older than this is refused: the PC writes a new one. */
export const ACTIVATION_REQUEST_MAX_AGE_DAYS = 30;
/** A signed file is a few hundred characters; this is room for a long device name and more. */
const FILE_LIMIT = 8192;

export const OFFLINE_ACTIVATION_MESSAGES = {
  request: 'Upload the activation request file the desktop app wrote on that computer (.tppreq)',
  proof: 'Upload the deactivation file the desktop app wrote on that computer (.tppdeact)',
  damaged: 'This file is damaged or was changed after the desktop app wrote it. Write it again on that computer.',
  stale: `This request is more than ${ACTIVATION_REQUEST_MAX_AGE_DAYS} days old. Write a new one on that computer.`,
  contents: 'This file does not hold what the desktop app writes. Write it again on that computer.',
  otherKey: 'This file was signed by another computer than the one activated by file with this device id.',
  earlierLicence: 'This deactivation file is for an earlier licence of that computer; it is active with a newer one.',
  notByFile: 'That computer was not activated by file: deactivate it from the list of devices.',
} as const;

const signedFile = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(FILE_LIMIT, message)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, message);

/** POST /api/licenses/offline/activations: the request file's text. */
export const offlineActivationSchema = z.object({ request: signedFile(OFFLINE_ACTIVATION_MESSAGES.request) });
/** POST /api/licenses/offline/deactivations: the deactivation file's text. */
export const offlineDeactivationSchema = z.object({ proof: signedFile(OFFLINE_ACTIVATION_MESSAGES.proof) });

/** What a request file's signature covers, once checked. */
export const activationRequestClaimsSchema = z.object({
  device_id: deviceIdSchema,
  device_name: z.string().trim().min(1).max(100),
  os: z.string().trim().min(1).max(100),
  app_version: versionSchema,
  iat: z.number().int(),
  jti: z.string().min(8).max(64),
});
export type ActivationRequestClaims = z.infer<typeof activationRequestClaimsSchema>;

/** What a deactivation file's signature covers: the machine, and the licence it deleted. */
export const deactivationProofClaimsSchema = z.object({
  device_id: deviceIdSchema,
  license_jti: z.string().min(8).max(64),
  iat: z.number().int(),
});
export type DeactivationProofClaims = z.infer<typeof deactivationProofClaimsSchema>;

/** A licence issued to a file: the online licence's claims, how it was activated, and the device key it is bound to (RFC 7800). */
export interface FileLicenseClaims extends LicenseClaims {
  activation: 'file';
  cnf: { jkt: string };
}

/** The licence file: the licence and the keys that verify it, which the PC cannot fetch. */
export interface LicenceFile {
  format: typeof LICENCE_FILE_FORMAT;
  license: string;
  keys: { keys: Record<string, unknown>[] };
}

export interface OfflineActivationResponse {
  licenseFile: LicenceFile;
  expiresAt: string;
  device: DeviceView;
}
