import { AppError } from '@portal/platform/errors';
import { DEVICE_LIMITS, LICENSE_ERRORS, LICENSE_MESSAGES, type DeviceView } from '@portal/contracts';
import { entitlement, floatingFirm, toDeviceView, type DesktopUser, type Entitlement, type LicensingDeps } from './entitlement';
import type { ActivationRecord } from './ports';

/** Over the plan's device limit: 409 with the active devices, so the app can offer to deactivate one. */
const deviceLimitReached = (limit: number, devices: DeviceView[]) =>
  new AppError(409, LICENSE_ERRORS.deviceLimit, LICENSE_MESSAGES.deviceLimit(limit), undefined, undefined, { devices });

/**
 * What activating a machine rests on, under the account's devices lock: the entitlement (the firm
 * chosen when the app was signed in, if one was), and a place within the seat's limit (the
 * person's own plan's devices, or those on this firm's seat) unless the machine holds one already.
 * A firm's floating seats have no such limit: any of its PCs may be activated, and the seats
 * bought limit how many run at once.
 */
export async function placeFor(
  deps: Pick<LicensingDeps, 'activations' | 'subscriptions' | 'firmPlanOf' | 'seatingOf'>,
  user: DesktopUser,
  deviceId: string,
  at: Date,
): Promise<{ held: Entitlement; existing: ActivationRecord | null }> {
  const held = await entitlement(deps, user.userId, at, user.firmId ?? null);
  const limit = DEVICE_LIMITS[held.plan];
  const existing = await deps.activations.find(user.userId, deviceId);
  if (!existing?.active && !(await floatingFirm(deps, held))) {
    const onSeat = (record: ActivationRecord) => (record.firmId ?? null) === (held.firm?.id ?? null);
    const active = (await deps.activations.active(user.userId)).filter(onSeat);
    if (active.length >= limit) throw deviceLimitReached(limit, active.map(toDeviceView));
  }
  return { held, existing };
}
