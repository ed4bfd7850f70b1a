import { PLAN_CHANGE_MESSAGES, AUTOPAY_MESSAGES, NO_PAISE, type CreateOrderResponse } from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import { conflict } from '@portal/platform/errors';
import type { BillingAccount } from '../../shared/ports';
import { assertBuyerDetails, newMerchantOrderId, openCheckout } from './order-placement';
import type { PaymentDeps } from './ports';

/** Ordering a pack of extra PCs for the plan running now: what the payments' use cases offer as `createPcPackOrder`. */
export const pcPackOrders = (deps: PaymentDeps) => ({
  createPcPackOrder: (account: BillingAccount, pcs: number) => placePcPackOrder(deps, account, pcs),
});

/**
 * The pack's price to the term's end is fixed under the account's lock, as a plan's is, and the
 * order records it with the term's end it buys to; PhonePe's checkout collects it. An upgrade or a
 * renewal under way would move that end, so none may be open meanwhile.
 */
async function placePcPackOrder(deps: PaymentDeps, account: BillingAccount, pcs: number): Promise<CreateOrderResponse> {
  const now = clockFrom(deps);
  const { order, plan } = await deps.lock('subscription', account.id, async () => {
    const terms = await deps.pcPacks.terms(account, pcs);
    await assertBuyerDetails(deps.profiles, account.id, { invoicePaise: terms.pricePaise, creditNote: false });
    const pending = await deps.orders.pendingOf(account.id, now());
    if (pending.upgrade) throw conflict(PLAN_CHANGE_MESSAGES.inProgress);
    if (pending.renewal) throw conflict(AUTOPAY_MESSAGES.renewalUnderWay);
    const created = await deps.orders.create({
      merchantOrderId: newMerchantOrderId(),
      accountId: account.id,
      userEmail: account.email,
      plan: terms.plan,
      billingPeriod: terms.billingPeriod,
      seats: terms.seats,
      firm: account.firm ? { id: account.firm.id, name: account.firm.name } : null,
      amountPaise: terms.pricePaise,
      expireAt: new Date(now().getTime() + deps.orderLifetimeSeconds * 1000),
      change: null,
      pcPack: { pcs, until: terms.until, days: terms.days },
    });
    return { order: created, plan: terms.plan };
  });
  // a pack sets up no mandate: nothing of it renews
  return openCheckout(deps, order, { accountId: account.id, plan, renewalPricePaise: NO_PAISE });
}
