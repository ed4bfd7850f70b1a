import { LICENSE_ERRORS, LICENSE_MESSAGES, type ActivationRequest, type LicenseResponse } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import { entitlement, licence, refused, toDeviceView, type DesktopUser, type LicensingDeps } from './entitlement';
import { seatOf } from './seat-leases';
import { assertCurrentVersion } from './current-version';
import { placeFor } from './device-place';
import { announceMachine } from './licence-events';

/**
 * Device activations and the offline licence. A licence says who, which plan until when, and for
 * which machine; it works offline for the grace period after each check-in, never past the
 * entitlement's end. Activating and checking in need a running trial or paid plan.
 */
export function licensingUseCases(deps: LicensingDeps) {
  const { activations, lock } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** Activates this machine (again), within the plan's limit, and answers its licence. */
    async activate(user: DesktopUser, request: ActivationRequest): Promise<LicenseResponse> {
      await assertCurrentVersion(deps.releaseChannels, request.appVersion);
      return lock('devices', user.userId, async () => {
        const at = now();
        const { held, existing } = await placeFor(deps, user, request.deviceId, at);
        const record = await activations.save({
          userId: user.userId,
          ...request,
          active: true,
          activatedAt: existing?.active ? existing.activatedAt : at,
          lastSeenAt: at,
          firmId: held.firm?.id ?? null,
          // a machine activated by file keeps the key its files must be signed with
          keyThumbprint: existing?.keyThumbprint ?? null,
          fileLicenceJti: existing?.fileLicenceJti ?? null,
        });
        if (!existing?.active) {
          const { deviceId, deviceName } = request;
          await announceMachine(
            deps,
            'licence.activated',
            { userId: user.userId, deviceId, deviceName, firmId: record.firmId ?? null },
            at,
          );
        }
        return licence(deps, user, record, held, at, await seatOf(deps, held, request.deviceId, at));
      });
    },

    /** The check-in: a fresh licence for an active machine of a user still entitled; otherwise a code that says why. */
    async refresh(user: DesktopUser, { deviceId, appVersion }: { deviceId: string; appVersion: string }): Promise<LicenseResponse> {
      const at = now();
      const existing = await activations.find(user.userId, deviceId);
      if (!existing?.active) throw refused(LICENSE_ERRORS.deviceNotActivated, LICENSE_MESSAGES.deviceNotActivated);
      await assertCurrentVersion(deps.releaseChannels, appVersion);
      // the app signed in again for a firm moves the machine to that firm's seat
      const firmId = user.firmId ?? existing.firmId ?? null;
      const held = await entitlement(deps, user.userId, at, firmId, { lapsed: true }).catch(async (refusal: unknown) => {
        // a device on a firm's seat the person no longer holds is deactivated: it leaves their devices
        if (firmId) await activations.deactivate(user.userId, deviceId);
        throw refusal;
      });
      const record = await activations.save({ ...existing, appVersion, lastSeenAt: at, firmId });
      return licence(deps, user, record, held, at, await seatOf(deps, held, deviceId, at));
    },

    devices: async (userId: string) => (await activations.active(userId)).map(toDeviceView),

    async deactivate(userId: string, deviceId: string): Promise<void> {
      const existing = await activations.find(userId, deviceId);
      if (!(await activations.deactivate(userId, deviceId))) throw notFound(LICENSE_MESSAGES.deviceNotFound);
      await announceMachine(deps, 'licence.deactivated', { userId, deviceId, firmId: existing?.firmId ?? null }, now());
    },

    keys: () => deps.signer.jwks(),
  };
}
