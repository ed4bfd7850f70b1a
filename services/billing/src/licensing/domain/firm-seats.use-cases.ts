import { SEAT_LEASE_MESSAGES, type FirmSeatsView } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import { effectiveStatus } from '../../subscriptions';
import type { LicensingDeps } from './entitlement';
import { toLeaseView } from './seat-leases';
import type { SeatChange } from './seat-leases.use-cases';

/** A firm's floating seats as people see them: its owner and admins, and the vendor's admins, who may free one. */
export function firmSeatUseCases(deps: Pick<LicensingDeps, 'leases' | 'subscriptions' | 'seatingOf' | 'now'>) {
  const { leases } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /** A firm's seats as its owner sees them; a firm whose plan has ended keeps none. */
    async firmSeats(firmId: string): Promise<FirmSeatsView> {
      const at = now();
      const plan = await deps.subscriptions.find(firmId);
      if (!plan || effectiveStatus(plan, at) !== 'active') {
        await leases.freeAll(firmId);
        return { seating: plan ? await deps.seatingOf(plan.plan) : 'named', seats: plan?.seats ?? 0, leases: [] };
      }
      const seating = await deps.seatingOf(plan.plan);
      return { seating, seats: plan.seats, leases: (await leases.held(firmId, at)).map(toLeaseView) };
    },

    /** A seat freed from the portal or the admin area; 404 when no seat of the firm has this id. */
    async free(firmId: string, leaseId: string): Promise<SeatChange> {
      const lease = await leases.free(firmId, { id: leaseId });
      if (!lease) throw notFound(SEAT_LEASE_MESSAGES.leaseNotFound);
      return { lease, firmId };
    },

    /** One held seat of the firm, or null: whether a member may give back their own. */
    async find(firmId: string, leaseId: string) {
      return (await leases.held(firmId, now())).find((lease) => lease.id === leaseId) ?? null;
    },

    /** The seats a person's PCs hold, and those on the firms they own: the admin's view of the customer. */
    heldFor: async (userId: string, firmIds: string[]) => (await leases.heldBy(userId, firmIds, now())).map(toLeaseView),
  };
}
