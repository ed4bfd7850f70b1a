import type { LicensingDeps } from './entitlement';

/**
 * A machine activated or deactivated, for the integrators' webhooks: named by the machine and the
 * moment, so each activation and each deactivation is one event.
 */
export async function announceMachine(
  deps: Pick<LicensingDeps, 'events'>,
  type: 'licence.activated' | 'licence.deactivated',
  machine: { userId: string; deviceId: string; deviceName?: string; firmId: string | null },
  at: Date,
): Promise<void> {
  const { userId, deviceId, firmId } = machine;
  const data = { userId, deviceId, ...(machine.deviceName && { deviceName: machine.deviceName }) };
  await deps.events?.publish(type, `${userId}:${deviceId}:${at.toISOString()}`, { accountId: userId, firmId }, data, at);
}
