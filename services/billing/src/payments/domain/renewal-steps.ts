import { DAY_MS, GRACE_DAYS, type Paise } from '@portal/contracts';
import { effectiveStatus, type PromotionScope } from '../../subscriptions';
import { type RenewalDeps, orderPromotion, type MandateRecord, type OrderRecord } from './ports';
import { sendPreDebitNotice } from './renewal-mail';
import { debitOpensAt, debitWindowEnd, notifyDue, redeemDue, renewalOrderId } from './renewal-schedule';

// claimed before the step, never given back: a lost e-mail or a debit asked again by hand is preferred over a duplicate
const claimStep = (deps: RenewalDeps, order: OrderRecord, step: 'notice' | 'debit') =>
  deps.claims.claim(`renewal-${step}:${order.merchantOrderId}`, order.accountId ?? order.userEmail);

/** Tells PhonePe of the debit to come, which tells the customer; a refusal means the mandate is not active. */
async function notify(deps: RenewalDeps, order: OrderRecord, at: Date): Promise<void> {
  const notified = await deps.gateway.notifyRedemption({
    merchantOrderId: order.merchantOrderId,
    merchantSubscriptionId: order.mandate!.merchantSubscriptionId,
    amountPaise: order.amountPaise,
    expireAt: debitWindowEnd(debitOpensAt(order.renewal!.dueAt, order.billingPeriod), at).getTime(),
  });
  if (!notified) {
    // PhonePe refused the notice: the mandate is not active, so it is read again (which drops the renewal)
    deps.logger.warn({ merchantOrderId: order.merchantOrderId }, 'PhonePe refused the renewal notice');
    await deps.autopay.reflect(order.mandate!.merchantSubscriptionId);
  }
}

/**
 * The debit's discount, held for its order: a mandate debits up to the plan's price, so a code's
 * next period or the referral credit is taken off as on a renewal paid by hand. What cannot be
 * held (the credit used meanwhile, or another worker opening the same order) leaves the price whole.
 */
async function renewalDiscount(deps: RenewalDeps, scope: PromotionScope, pricePaise: Paise, merchantOrderId: string) {
  const offer = await deps.discounts.offers.standing(scope);
  if (!offer) return null;
  const discount = offer.price(pricePaise);
  return deps.discounts.hold(discount, scope, merchantOrderId).then(
    () => discount,
    () => null,
  );
}

/** Opens the renewal of the mandate's plan when its end is near: one order per paid end. */
export async function openRenewal(deps: RenewalDeps, mandate: MandateRecord, at: Date): Promise<boolean> {
  if (!mandate.accountId) return false;
  const subscription = await deps.subscriptions.find(mandate.accountId);
  const dueAt = subscription?.subscriptionEndDate;
  if (!subscription || !dueAt || effectiveStatus(subscription, at) !== 'active') return false;
  if (!notifyDue(debitOpensAt(dueAt, mandate.billingPeriod), at)) return false;
  // this end's renewal failed already: the customer pays by hand, in the grace
  if (subscription.renewalFailedAt) return false;
  if (subscription.scheduledSwitch || subscription.cancelAtPeriodEnd) {
    // the mandate renews this plan only: it ends with it
    await deps.autopay.endFor(mandate.accountId, subscription.scheduledSwitch ? 'switch' : 'cancellation');
    return false;
  }
  if (subscription.plan !== mandate.plan || subscription.billingPeriod !== mandate.billingPeriod) return false;
  if (subscription.seats !== mandate.seats) return false;
  const merchantOrderId = renewalOrderId(mandate.merchantSubscriptionId, dueAt);
  if (await deps.orders.find(merchantOrderId)) return false;
  // PhonePe asks for the subscription to be active before each notice
  if ((await deps.autopay.reflect(mandate.merchantSubscriptionId))?.state !== 'active') return false;
  const graceEnd = new Date(dueAt.getTime() + GRACE_DAYS * DAY_MS);
  const scope = { accountId: mandate.accountId, plan: mandate.plan, billingPeriod: mandate.billingPeriod, kind: 'renew' as const };
  const discount = await renewalDiscount(deps, scope, mandate.amountPaise, merchantOrderId);
  const order = await deps.orders
    .create({
      merchantOrderId,
      accountId: mandate.accountId,
      userEmail: subscription.email || mandate.userEmail,
      plan: mandate.plan,
      billingPeriod: mandate.billingPeriod,
      seats: mandate.seats,
      firm: mandate.firm,
      amountPaise: discount?.amountDuePaise ?? mandate.amountPaise,
      expireAt: graceEnd,
      change: null,
      promotion: discount && orderPromotion(discount),
      mandate: { merchantSubscriptionId: mandate.merchantSubscriptionId, role: 'renewal' },
      renewal: { dueAt, noticeSentAt: null, redeemRequestedAt: null },
    })
    .catch(() => null); // another worker opened it (the order id is unique)
  if (!order) return false;
  // access does not lapse in the hours between the end and the debit
  await deps.ledger.holdForRenewal(mandate.accountId, dueAt, graceEnd);
  await notify(deps, order, at);
  return true;
}

/** Takes an open renewal one step further: notice, debit, or its outcome. */
export async function advanceRenewal(deps: RenewalDeps, order: OrderRecord, at: Date): Promise<'noticed' | 'redeemed' | 'settled' | null> {
  const renewal = order.renewal;
  if (!renewal || !order.mandate) return null;
  if (!renewal.noticeSentAt) {
    const remote = await deps.gateway.redemptionStatus(order.merchantOrderId);
    if (!remote) {
      await notify(deps, order, at); // opened, then stopped before PhonePe heard of it
      return null;
    }
    if (remote.state === 'FAILED') return (await deps.settle(order.merchantOrderId)) ? 'settled' : null;
    if (remote.state === 'NOTIFICATION_IN_PROGRESS') return null;
    if (!(await claimStep(deps, order, 'notice'))) return null;
    await deps.orders.markRenewalStep(order.merchantOrderId, 'noticeSentAt', at);
    await sendPreDebitNotice(deps, order, at);
    return 'noticed';
  }
  if (!renewal.redeemRequestedAt) {
    if (!redeemDue(renewal, debitOpensAt(renewal.dueAt, order.billingPeriod), at)) return null;
    if ((await deps.autopay.reflect(order.mandate.merchantSubscriptionId))?.state !== 'active') return null;
    if (!(await claimStep(deps, order, 'debit'))) return null;
    await deps.orders.markRenewalStep(order.merchantOrderId, 'redeemRequestedAt', at);
    if (!(await deps.gateway.redeem(order.merchantOrderId)))
      deps.logger.warn({ merchantOrderId: order.merchantOrderId }, 'PhonePe refused the debit');
    return 'redeemed';
  }
  const settled = await deps.settle(order.merchantOrderId);
  return settled && settled.status !== 'pending' ? 'settled' : null;
}
