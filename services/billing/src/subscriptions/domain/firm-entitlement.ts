import type { FirmPlanSource } from '@portal/contracts';
import type { FirmDirectory } from '../../shared/ports';
import type { SubscriptionRecord, SubscriptionStore } from './ports';
import { effectiveStatus } from './subscription-status';

export type FirmEntitlement = (userId: string) => Promise<{ firm: FirmPlanSource; subscription: SubscriptionRecord } | null>;

/**
 * The plan a person draws on as a member of a firm (issue #30), asked when their own plan gives no
 * access: the first of their firms whose plan has access. Each member holds one of the firm's
 * seats (auth's unique seat keys), so the seats need no count here.
 */
export function firmEntitlement(
  subscriptions: Pick<SubscriptionStore, 'findMany'>,
  firms: Pick<FirmDirectory, 'firmsOf'>,
  now: () => Date,
): FirmEntitlement {
  return async (userId) => {
    const memberOf = await firms.firmsOf(userId);
    if (!memberOf.length) return null;
    const plans = new Map((await subscriptions.findMany(memberOf.map((firm) => firm.id))).map((found) => [found.userId, found]));
    for (const { id, name, managedBy } of memberOf) {
      const subscription = plans.get(id);
      if (subscription && effectiveStatus(subscription, now()) === 'active') return { firm: { id, name, managedBy }, subscription };
    }
    return null;
  };
}
