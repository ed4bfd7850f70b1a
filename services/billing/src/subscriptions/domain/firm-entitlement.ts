import type { FirmPlanSource } from '@portal/contracts';
import type { FirmDirectory } from '../../shared/ports';
import type { SubscriptionRecord, SubscriptionStore } from './ports';
import { effectiveStatus } from './subscription-terms';

/** The firm a member works for, and the seat they hold in it. */
export type FirmSeat = FirmPlanSource & { seat: number };

export type FirmEntitlement = (
  userId: string,
  /** Only this firm's plan: a device activated on it stays on it. */
  onlyFirmId?: string,
) => Promise<{ firm: FirmSeat; subscription: SubscriptionRecord } | null>;

/**
 * The plan a person draws on as a member of a firm, asked when their own plan gives no
 * access: the first of their firms whose plan has access. Each member holds one of the firm's
 * seats (auth's unique seat keys), so the seats need no count here; membership is read from the
 * read model of auth's firms each time, so a removed member has nothing once auth's event is in.
 */
export function firmEntitlement(
  subscriptions: Pick<SubscriptionStore, 'findMany'>,
  firms: Pick<FirmDirectory, 'firmsOf'>,
  now: () => Date,
): FirmEntitlement {
  return async (userId, onlyFirmId) => {
    const memberOf = (await firms.firmsOf(userId)).filter((firm) => !onlyFirmId || firm.id === onlyFirmId);
    if (!memberOf.length) return null;
    const plans = new Map((await subscriptions.findMany(memberOf.map((firm) => firm.id))).map((found) => [found.accountId, found]));
    for (const { id, name, managedBy, seat } of memberOf) {
      const subscription = plans.get(id);
      if (subscription && effectiveStatus(subscription, now()) === 'active') return { firm: { id, name, managedBy, seat }, subscription };
    }
    return null;
  };
}
