import type { PromotionOffer, PromotionOffers, PromotionPrice, PromotionScope } from '../../subscriptions';
import { codeOffer, creditOffer } from './discount-offer';
import type { LastPaidOrder, PromotionStore, ReferralStore } from './ports';
import type { promotionUseCases } from './promotion.use-cases';
import type { referralUseCases } from './referral.use-cases';

export interface DiscountDeps {
  codes: ReturnType<typeof promotionUseCases>;
  promotions: Pick<PromotionStore, 'find' | 'latestHeld' | 'reserve'>;
  referrals: ReturnType<typeof referralUseCases>;
  /** The referral credit an account has left, read from its ledger. */
  credits: Pick<ReferralStore, 'balanceOf'>;
  lastPaidOrder: LastPaidOrder;
  ratePercent: number;
  now?: () => Date;
}

/**
 * An order's one discount: the code typed; without one, on a renewal, the next
 * period of a code for several periods; otherwise the account's referral credit. They do not
 * stack: a code typed takes the place of the others, which wait for a later payment.
 */
export function discountUseCases({
  codes,
  promotions,
  referrals,
  credits,
  lastPaidOrder,
  ratePercent,
  now = () => new Date(),
}: DiscountDeps) {
  /** A code's next period, when the renewal follows the payment that used its last one, within the code's plans and periods. */
  async function nextPeriod({ accountId, plan, billingPeriod, kind }: PromotionScope): Promise<PromotionOffer | null> {
    if (kind !== 'renew') return null;
    const latest = await promotions.latestHeld(accountId);
    if (!latest) return null;
    const promotion = await promotions.find(latest.code);
    const sequence = latest.sequence ?? 1;
    if (!promotion || sequence >= (promotion.forPeriods ?? 1)) return null;
    if (!promotion.plans.includes(plan) || !promotion.billingPeriods.includes(billingPeriod)) return null;
    // the periods run in a row: a payment without the code since (an upgrade, a referral credit) ends them
    if (latest.state === 'redeemed' && (await lastPaidOrder(accountId)) !== latest.merchantOrderId) return null;
    return codeOffer(promotion, sequence + 1, ratePercent);
  }

  async function standing(scope: PromotionScope): Promise<PromotionOffer | null> {
    const next = await nextPeriod(scope);
    if (next) return next;
    const credit = await credits.balanceOf(scope.accountId);
    return credit > 0 ? creditOffer(credit, ratePercent) : null;
  }

  return {
    offers: { typed: codes.offer, standing } satisfies PromotionOffers,

    /** Holds what the order's discount uses: a code's redemption (its limits count only a first period), or the credit. */
    async hold(discount: PromotionPrice, scope: PromotionScope, merchantOrderId: string): Promise<void> {
      const { discountPaise } = discount;
      if (discount.kind === 'referral-credit') return referrals.hold(scope.accountId, merchantOrderId, discountPaise);
      const sequence = discount.period?.number ?? 1;
      if (sequence === 1) return codes.reserve(discount.code, scope, merchantOrderId, discountPaise);
      await promotions.reserve({
        code: discount.code,
        accountId: scope.accountId,
        merchantOrderId,
        discountPaise,
        sequence,
        createdAt: now(),
      });
    },

    /** Lets go of what an order that was never placed held. */
    async release(merchantOrderId: string): Promise<void> {
      await Promise.all([codes.release(merchantOrderId), referrals.release(merchantOrderId)]);
    },

    async afterSettled(order: { merchantOrderId: string; accountId: string | null; status: string }): Promise<void> {
      await codes.afterSettled(order);
      await referrals.afterSettled(order);
    },
  };
}
