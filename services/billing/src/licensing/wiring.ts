import type { FirmEntitlement, pcPackUseCases, PlanStore, SubscriptionStore } from '../subscriptions';
import type { BillingKit } from '../shared/billing-kit';
import { activationRepository } from './data/activation.repository';
import { channelMinimumRepository } from './data/channel-minimum.repository';
import { deviceMoveRepository } from './data/device-move.repository';
import { seatLeaseRepository } from './data/seat-lease.repository';
import { deviceMoveUseCases } from './domain/device-moves.use-cases';
import { fileActivationUseCases } from './domain/file-activation.use-cases';
import { firmSeatUseCases } from './domain/firm-seats.use-cases';
import { licensingUseCases } from './domain/licensing.use-cases';
import { seatLeaseUseCases } from './domain/seat-leases.use-cases';
import { licensingRoutes } from './routes/licensing.routes';
import { seatLeaseRoutes } from './routes/seat-leases.routes';
import { readDeviceSigned } from './security/device-signatures';
import { createLicenseSigner } from './security/license-signer';

/**
 * Licensing wires itself on top of subscriptions: device activations, moves between PCs, activation
 * by file, the offline licence and its keys, a firm's floating seats, and each release channel's
 * minimum version (download's events, which the event consumer applies to `releaseChannels`).
 */
export async function wireLicensing(
  kit: BillingKit,
  {
    subscriptions,
    firmPlanOf,
    plans,
    pcPacks,
  }: {
    subscriptions: SubscriptionStore;
    firmPlanOf: FirmEntitlement;
    plans: PlanStore;
    pcPacks: Pick<ReturnType<typeof pcPackUseCases>, 'extraPcs'>;
  },
) {
  const { mongo, lock, keyLock, audit, config, logger, securityLog, verifyToken, verifyApiKey, now, clock, events } = kit;
  const signer = createLicenseSigner(config.LICENSE_SIGNING_KEY, config.LICENSE_RETIRED_PUBLIC_KEYS);
  if (signer.throwaway) logger.warn('LICENSE_SIGNING_KEY is not set: licences are signed with a key that ends with this process');
  const activations = activationRepository(mongo);
  const moves = deviceMoveRepository(mongo);
  const leases = seatLeaseRepository(mongo);
  const releaseChannels = channelMinimumRepository(mongo, keyLock, () => clock().getTime());
  await Promise.all([activations.ready, moves.ready, leases.ready, releaseChannels.ready]);
  // a machine's event is told after the activation stands: one that could not be queued is logged, not the activation undone
  const machineEvents = {
    publish: (...event: Parameters<typeof events.publish>) =>
      events.publish(...event).catch((error: unknown) => logger.error({ err: error, event: event[1] }, 'licence event not published')),
  };
  const deps = {
    ...{ activations, moves, leases, subscriptions, firmPlanOf, signer, lock, releaseChannels, now },
    seatingOf: async (plan: string) => (await plans.find(plan))?.seating ?? 'named',
    extraPcsOf: pcPacks.extraPcs,
    graceDays: config.LICENSE_GRACE_DAYS,
    events: machineEvents,
  };
  const licensing = licensingUseCases(deps);
  const deviceMoves = deviceMoveUseCases({ ...deps, audit });
  const files = fileActivationUseCases({ ...deps, deviceMoves, readDeviceSigned });
  return {
    devices: licensing.devices,
    releaseChannels,
    // a deleted user's machines go, and the moves counted against their seats and the seats they held with them
    deleteForUser: async (userId: string) =>
      void (await Promise.all([activations.deleteForUser(userId), moves.deleteForUser(userId), leases.deleteForUser(userId)])),
    routes: [
      licensingRoutes({ licensing, deviceMoves, files }, verifyToken, verifyApiKey, securityLog),
      seatLeaseRoutes(
        { seats: seatLeaseUseCases(deps), firmSeats: firmSeatUseCases(deps) },
        { verifyToken, account: kit.account, firms: kit.firms, securityLog },
      ),
    ],
  };
}
