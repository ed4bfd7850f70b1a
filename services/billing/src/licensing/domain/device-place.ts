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
 * person's own plan's devices, or those on this firm's seat) or on a pack of extra PCs, unless the
 * machine holds one already. A firm's floating seats have no such limit: any of its PCs may be
 * activated, and the seats bought limit how many run at once.
 */
export async function placeFor(
  deps: Pick<LicensingDeps, 'activations' | 'subscriptions' | 'firmPlanOf' | 'seatingOf' | 'extraPcsOf'>,
  user: DesktopUser,
  deviceId: string,
  at: Date,
): Promise<{ held: Entitlement; existing: ActivationRecord | null }> {
  const held = await entitlement(deps, user.userId, at, user.firmId ?? null);
  const existing = await deps.activations.find(user.userId, deviceId);
  if (!existing?.active && !(await floatingFirm(deps, held))) {
    const perSeat = DEVICE_LIMITS[held.plan];
    const onSeat = (record: ActivationRecord) => (record.firmId ?? null) === (held.firm?.id ?? null);
    const active = (await deps.activations.active(user.userId)).filter(onSeat);
    if (active.length >= perSeat) {
      const room = await packRoom(deps, user.userId, held, perSeat, at);
      if (active.length >= perSeat + room) throw deviceLimitReached(perSeat + room, active.map(toDeviceView));
    }
  }
  return { held, existing };
}

/**
 * The PCs a pack leaves free to a seat already at its limit: a person's packs are theirs; a
 * firm's are shared by its people, each PC beyond a seat's own limit taking one of them.
 */
async function packRoom(
  deps: Pick<LicensingDeps, 'activations' | 'extraPcsOf'>,
  userId: string,
  held: Entitlement,
  perSeat: number,
  at: Date,
): Promise<number> {
  if (held.status !== 'active') return 0;
  const extra = await deps.extraPcsOf(held.firm?.id ?? userId, at);
  if (!extra || !held.firm) return extra;
  const perPerson = new Map<string, number>();
  for (const record of await deps.activations.activeOnFirm(held.firm.id))
    perPerson.set(record.userId, (perPerson.get(record.userId) ?? 0) + 1);
  const taken = [...perPerson].reduce((sum, [person, count]) => sum + (person === userId ? 0 : Math.max(0, count - perSeat)), 0);
  return Math.max(0, extra - taken);
}
