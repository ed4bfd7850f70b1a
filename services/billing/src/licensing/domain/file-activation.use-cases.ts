import {
  ACTIVATION_REQUEST_MAX_AGE_DAYS,
  ACTIVATION_REQUEST_TYPE,
  activationRequestClaimsSchema,
  DEACTIVATION_PROOF_TYPE,
  deactivationProofClaimsSchema,
  LICENCE_FILE_FORMAT,
  OFFLINE_ACTIVATION_MESSAGES,
  type OfflineActivationResponse,
} from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import { assertCurrentVersion } from './current-version';
import { placeFor } from './device-place';
import type { deviceMoveUseCases } from './device-moves.use-cases';
import { fileLicence, toDeviceView, type DesktopUser, type LicensingDeps } from './entitlement';
import type { ActivationRecord, DeviceSignatureReader } from './ports';

const otherKey = () => badRequest(OFFLINE_ACTIVATION_MESSAGES.otherKey);

/** A deactivation file is for this machine's licence file: signed by its key, naming the licence it holds now. */
const assertProvenBy = (keyThumbprint: string, licenceJti: string) => (device: ActivationRecord) => {
  if (!device.keyThumbprint) throw badRequest(OFFLINE_ACTIVATION_MESSAGES.notByFile);
  if (device.keyThumbprint !== keyThumbprint) throw otherKey();
  if (device.fileLicenceJti !== licenceJti) throw badRequest(OFFLINE_ACTIVATION_MESSAGES.earlierLicence);
};

/**
 * Activation by file, for a PC that cannot reach the portal: the request the app
 * signed, uploaded by the signed-in practitioner from any PC, gets a licence file for the paid
 * period, within the seat's device limit as an online activation; the deactivation file the app
 * signed frees the place, counted among the seat's moves. A device id is bound to the key of its
 * first file: files for it signed by another key are refused.
 */
export function fileActivationUseCases(
  deps: LicensingDeps & { deviceMoves: ReturnType<typeof deviceMoveUseCases>; readDeviceSigned: DeviceSignatureReader },
) {
  const now = deps.now ?? (() => new Date());
  return {
    async activate(user: DesktopUser, requestFile: string): Promise<OfflineActivationResponse> {
      const at = now();
      const { claims, keyThumbprint } = await deps.readDeviceSigned(requestFile, {
        type: ACTIVATION_REQUEST_TYPE,
        claims: activationRequestClaimsSchema,
        now: at,
        maxAgeDays: ACTIVATION_REQUEST_MAX_AGE_DAYS,
      });
      await assertCurrentVersion(deps.releaseChannels, claims.app_version);
      return deps.lock('devices', user.userId, async () => {
        const { held, existing } = await placeFor(deps, user, claims.device_id, at);
        if (existing?.keyThumbprint && existing.keyThumbprint !== keyThumbprint) throw otherKey();
        const record: ActivationRecord = {
          userId: user.userId,
          deviceId: claims.device_id,
          deviceName: claims.device_name,
          os: claims.os,
          appVersion: claims.app_version,
          active: true,
          activatedAt: existing?.active ? existing.activatedAt : at,
          lastSeenAt: at,
          firmId: held.firm?.id ?? null,
          keyThumbprint,
        };
        const issued = await fileLicence(deps, user, record, held, at);
        await deps.activations.save({ ...record, fileLicenceJti: issued.jti });
        return {
          licenseFile: { format: LICENCE_FILE_FORMAT, license: issued.license, keys: await deps.signer.jwks() },
          expiresAt: issued.expiresAt.toISOString(),
          device: toDeviceView(record),
        };
      });
    },

    async deactivate(userId: string, proofFile: string): Promise<void> {
      const { claims, keyThumbprint } = await deps.readDeviceSigned(proofFile, {
        type: DEACTIVATION_PROOF_TYPE,
        claims: deactivationProofClaimsSchema,
        now: now(),
      });
      await deps.deviceMoves.moveByHolder(userId, claims.device_id, assertProvenBy(keyThumbprint, claims.license_jti));
    },
  };
}
