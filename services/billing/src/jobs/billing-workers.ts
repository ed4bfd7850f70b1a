import { EVENT_QUEUES } from '@portal/contracts';
import { FIRM_EVENTS, firmMembersChangedEvent, RELEASE_EVENTS, releaseChannelChangedEvent } from '@portal/contracts/internal';
import { consumeEvents, userDeletedHandler } from '@portal/platform';
import type { BillingKit } from '../shared/billing-kit';
import { startBillingJobs, type BillingJobsDeps } from './billing-jobs';

export interface BillingWorkersDeps extends Pick<BillingJobsDeps, 'expiry' | 'payments' | 'refunds' | 'renewals' | 'firmSeats'> {
  /** A deleted user's mandates end first, so none debits again; then reporting removes the rest. */
  deleteUser: (userId: string) => Promise<unknown>;
  /** Download's minimum version per release channel, kept by licensing. */
  releaseChannels: { apply(event: ReturnType<typeof releaseChannelChangedEvent.parse>): Promise<unknown> };
}

/**
 * The job workers (expiry, reminders, reconciliation, renewals, the firms' seats replayed) and the
 * consumer of billing's events (`user.deleted`, auth's firms, download's channels), stopped in
 * order at shutdown: the HTTP server, added after them, drains first.
 */
export async function startBillingWorkers(
  { config, connection, logger, shutdown, metrics, firms, now }: BillingKit,
  deps: BillingWorkersDeps,
) {
  const every = {
    expirySweepMs: config.EXPIRY_SWEEP_EVERY_MS,
    remindersMs: config.REMINDERS_EVERY_MS,
    reconcileMs: config.RECONCILE_EVERY_MS,
    renewalsMs: config.RENEWALS_EVERY_MS,
    firmSeatsReplayMs: config.FIRM_REPLAY_EVERY_MS,
  };
  const { deleteUser, releaseChannels, ...work } = deps;
  const jobs = await startBillingJobs({ ...work, connection, logger, metrics, every, reconcileAfterMs: config.RECONCILE_AFTER_MS, now });
  const handlers = {
    ...userDeletedHandler(deleteUser),
    [FIRM_EVENTS.membersChanged]: (data: unknown) => firms.apply(firmMembersChangedEvent.parse(data)),
    [RELEASE_EVENTS.channelChanged]: (data: unknown) => releaseChannels.apply(releaseChannelChangedEvent.parse(data)),
  };
  const events = consumeEvents(EVENT_QUEUES.billing, handlers, connection, logger);
  shutdown.add('jobs', async () => {
    await events.close();
    await jobs.close();
  });
}
