import { FIRM_EVENTS, replayFirms, type FirmSeatsChangedEvent, type FirmStatePublishing } from '@portal/contracts/internal';
import type { SubscriptionStore } from './ports';
import { accessEnd, effectiveStatus } from './subscription-terms';

export interface FirmSeatEventsDeps extends FirmStatePublishing<FirmSeatsChangedEvent> {
  subscriptions: Pick<SubscriptionStore, 'find'>;
  /** The read model of auth's firms: whether an account is a firm, and the firms page by page. */
  firms: { isFirm(accountId: string): Promise<boolean>; idsAfter(after: string | null, limit: number): Promise<string[]> };
}

/**
 * billing's side of "members ≤ seats": after each change to a firm's subscription,
 * auth is told the seats it has bought and until when, for the rule auth applies when people join.
 * While the firm has no paid plan with access it has one seat, its owner's.
 */
export function firmSeatEventsUseCases({ subscriptions, firms, publish, nextRevision, now }: FirmSeatEventsDeps) {
  async function seatsEvent(firmId: string): Promise<FirmSeatsChangedEvent> {
    const revision = await nextRevision(); // before the read: the highest revision carries the newest state
    const subscription = await subscriptions.find(firmId);
    if (!subscription || effectiveStatus(subscription, now()) !== 'active') return { firmId, revision, seats: 1, paidUntil: null };
    return { firmId, revision, seats: subscription.seats, paidUntil: accessEnd(subscription)?.toISOString() ?? null };
  }

  async function announce(accountId: string): Promise<boolean> {
    if (!(await firms.isFirm(accountId))) return false;
    return publish(FIRM_EVENTS.seatsChanged, await seatsEvent(accountId));
  }

  return {
    announce,
    /** Every firm's seats again: what auth lost in an outage comes back. */
    async replay(): Promise<{ sent: number }> {
      return { sent: await replayFirms(firms.idsAfter, async (firmId) => publish(FIRM_EVENTS.seatsChanged, await seatsEvent(firmId))) };
    },
  };
}

/** The subscription store, telling auth after each write to a firm's subscription. */
export function announcingSubscriptionStore<T extends Pick<SubscriptionStore, 'save' | 'delete'>>(
  subscriptions: T,
  announce: (accountId: string) => Promise<unknown>,
): T {
  return {
    ...subscriptions,
    async save(accountId, changes) {
      const saved = await subscriptions.save(accountId, changes);
      await announce(accountId);
      return saved;
    },
    async delete(accountId) {
      await subscriptions.delete(accountId);
      await announce(accountId);
    },
  };
}
