import { canManageFirm, FIRM_MESSAGES, type FirmRole } from '@portal/contracts';
import { forbidden, notFound } from '@portal/platform/errors';
import type { FirmStore, MembershipRecord } from './ports';

/** Who may do what in a firm; every firm call passes through one of these, on the server. */
export type FirmPermission = 'see' | 'manage' | 'own';

const allowed: Record<FirmPermission, (role: FirmRole) => boolean> = {
  see: () => true,
  manage: canManageFirm,
  own: (role) => role === 'owner',
};

/**
 * The caller's membership when their role allows the action. Someone outside the firm is told it
 * does not exist, the same as for a firm that does not, so its existence does not leak.
 */
export async function requireFirmRole(
  firms: FirmStore,
  firmId: string,
  userId: string,
  permission: FirmPermission,
): Promise<MembershipRecord> {
  const membership = await firms.membership(firmId, userId);
  if (!membership) throw notFound(FIRM_MESSAGES.notFound);
  if (!allowed[permission](membership.role)) {
    throw forbidden(permission === 'own' ? FIRM_MESSAGES.ownerOnly : FIRM_MESSAGES.notAllowed);
  }
  return membership;
}

export const displayName = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** Whether a firm the person belongs to requires a second factor of its members. */
export async function firmRequiresSecondFactor(firms: Pick<FirmStore, 'membershipsOf' | 'findMany'>, userId: string): Promise<boolean> {
  const memberships = await firms.membershipsOf(userId);
  if (!memberships.length) return false;
  return (await firms.findMany(memberships.map((membership) => membership.firmId))).some((firm) => firm.requireSecondFactor);
}
