import type { FirmEntitlement, SubscriptionStore } from '../subscriptions';
import type { BillingKit } from '../shared/billing-kit';
import { activationRepository } from './data/activation.repository';
import { channelMinimumRepository } from './data/channel-minimum.repository';
import { deviceMoveRepository } from './data/device-move.repository';
import { deviceMoveUseCases } from './domain/device-moves.use-cases';
import { fileActivationUseCases } from './domain/file-activation.use-cases';
import { licensingUseCases } from './domain/licensing.use-cases';
import { licensingRoutes } from './routes/licensing.routes';
import { readDeviceSigned } from './security/device-signatures';
import { createLicenseSigner } from './security/license-signer';

/**
 * Licensing wires itself on top of subscriptions: device activations, moves between PCs, activation
 * by file, the offline licence and its keys, and each release channel's minimum version (download's
 * events, which the event consumer applies to `releaseChannels`).
 */
export async function wireLicensing(
  { mongo, lock, keyLock, audit, config, logger, securityLog, verifyToken, verifyApiKey, now, clock, events }: BillingKit,
  { subscriptions, firmPlanOf }: { subscriptions: SubscriptionStore; firmPlanOf: FirmEntitlement },
) {
  const signer = createLicenseSigner(config.LICENSE_SIGNING_KEY, config.LICENSE_RETIRED_PUBLIC_KEYS);
  if (signer.throwaway) logger.warn('LICENSE_SIGNING_KEY is not set: licences are signed with a key that ends with this process');
  const activations = activationRepository(mongo);
  const moves = deviceMoveRepository(mongo);
  const releaseChannels = channelMinimumRepository(mongo, keyLock, () => clock().getTime());
  await Promise.all([activations.ready, moves.ready, releaseChannels.ready]);
  // a machine's event is told after the activation stands: one that could not be queued is logged, not the activation undone
  const machineEvents = {
    publish: (...event: Parameters<typeof events.publish>) =>
      events.publish(...event).catch((error: unknown) => logger.error({ err: error, event: event[1] }, 'licence event not published')),
  };
  const deps = {
    ...{ activations, moves, subscriptions, firmPlanOf, signer, lock, releaseChannels, now },
    graceDays: config.LICENSE_GRACE_DAYS,
    events: machineEvents,
  };
  const licensing = licensingUseCases(deps);
  const deviceMoves = deviceMoveUseCases({ ...deps, audit });
  const files = fileActivationUseCases({ ...deps, deviceMoves, readDeviceSigned });
  return {
    devices: licensing.devices,
    releaseChannels,
    // a deleted user's machines go, and the moves counted against their seats with them
    deleteForUser: async (userId: string) => void (await Promise.all([activations.deleteForUser(userId), moves.deleteForUser(userId)])),
    routes: [licensingRoutes({ licensing, deviceMoves, files }, verifyToken, verifyApiKey, securityLog)],
  };
}
