import { paiseOf, PROMOTION_MESSAGES, rupeesOf, type CreatePromotion, type Paise, type PromotionView } from '@portal/contracts';
import { badRequest, conflict, notFound } from '@portal/platform/errors';
import type { AuditPublisher } from '@portal/platform';
import type { Lock } from '../../shared/ports';
import type { PromotionOffer, PromotionScope } from '../../subscriptions';
import { codeOffer } from './discount-offer';
import type { PaidBefore, PromotionRecord, PromotionStore } from './ports';

export interface PromotionDeps {
  promotions: PromotionStore;
  paidBefore: PaidBefore;
  lock: Lock;
  audit: AuditPublisher;
  /** The seller's GST rate, which the discount is taken before. */
  ratePercent: number;
  now?: () => Date;
}

/** A refusal names the field, so the confirmation shows it beside the code. */
const refused = (message: string) => badRequest(message, [{ path: 'promotionCode', message }]);

const toView = (
  promotion: PromotionRecord,
  usage: { redeemed: number; reserved: number; discountPaise: Paise } | undefined,
): PromotionView => ({
  code: promotion.code,
  discount:
    promotion.discount.kind === 'percent' ? promotion.discount : { kind: 'amount', amount: rupeesOf(promotion.discount.amountPaise) },
  plans: promotion.plans,
  billingPeriods: promotion.billingPeriods,
  firstPurchaseOnly: promotion.firstPurchaseOnly,
  maxRedemptions: promotion.maxRedemptions,
  perCustomerLimit: promotion.perCustomerLimit,
  forPeriods: promotion.forPeriods ?? 1,
  expiresAt: promotion.expiresAt?.toISOString() ?? null,
  active: promotion.active,
  createdBy: promotion.createdBy,
  createdAt: promotion.createdAt.toISOString(),
  redeemed: usage?.redeemed ?? 0,
  reserved: usage?.reserved ?? 0,
  discountGiven: rupeesOf(usage?.discountPaise ?? (0 as Paise)),
});

/** A code as the admin asked for it, its amount in paise. */
const newPromotion = (input: CreatePromotion, createdBy: string, createdAt: Date): PromotionRecord => ({
  ...input,
  discount:
    input.discount.kind === 'percent'
      ? { kind: 'percent', percent: input.discount.percent }
      : { kind: 'amount', amountPaise: paiseOf(input.discount.amount) },
  active: true,
  createdBy,
  createdAt,
});

/**
 * Promotion codes: the admin makes them, a purchase or a renewal redeems one. A code
 * is checked when the confirmation shows its discount and again, under the code's lock, when the
 * order holds it, so that no limit is passed by orders placed at once.
 */
export function promotionUseCases({ promotions, paidBefore, lock, audit, ratePercent, now = () => new Date() }: PromotionDeps) {
  async function usable(code: string, { accountId, plan, billingPeriod, kind }: PromotionScope): Promise<PromotionRecord> {
    const promotion = await promotions.find(code);
    if (!promotion?.active) throw refused(PROMOTION_MESSAGES.unknown);
    // an upgrade's price is already set against the plan it replaces; a switch charges nothing now
    if (kind !== 'buy' && kind !== 'renew') throw refused(PROMOTION_MESSAGES.notForChange);
    if (promotion.expiresAt && now().getTime() >= promotion.expiresAt.getTime()) throw refused(PROMOTION_MESSAGES.expired);
    if (!promotion.plans.includes(plan) || !promotion.billingPeriods.includes(billingPeriod)) throw refused(PROMOTION_MESSAGES.notForPlan);
    if (promotion.firstPurchaseOnly && (await paidBefore(accountId))) throw refused(PROMOTION_MESSAGES.firstPurchaseOnly);
    if ((await promotions.countHeld(code, accountId)) >= promotion.perCustomerLimit) throw refused(PROMOTION_MESSAGES.alreadyUsed);
    if (promotion.maxRedemptions !== null && (await promotions.countHeld(code)) >= promotion.maxRedemptions)
      throw refused(PROMOTION_MESSAGES.exhausted);
    return promotion;
  }

  return {
    /** The code's offer for this purchase (its first period), or the reason it does not apply. */
    offer: async (code: string, scope: PromotionScope): Promise<PromotionOffer> => codeOffer(await usable(code, scope), 1, ratePercent),

    /** Holds a first redemption for the order, once the code is found usable again under its lock. */
    async reserve(code: string, scope: PromotionScope, merchantOrderId: string, discountPaise: Paise): Promise<void> {
      // a campaign's opening minute may queue many orders on one code: each waits its turn rather than a 503
      const turn = { waitMs: 30_000 };
      await lock(
        'promotion',
        code,
        async () => {
          await usable(code, scope);
          await promotions.reserve({ code, accountId: scope.accountId, merchantOrderId, discountPaise, sequence: 1, createdAt: now() });
        },
        turn,
      );
    },

    /** Lets go of an order's redemption that was never placed. */
    release: (merchantOrderId: string) => promotions.settle(merchantOrderId, 'released'),

    /** An order that left its checkout: paid, its redemption counts; otherwise the code is free again. */
    async afterSettled(order: { merchantOrderId: string; status: string }): Promise<void> {
      if (order.status === 'pending') return;
      await promotions.settle(order.merchantOrderId, order.status === 'completed' ? 'redeemed' : 'released');
    },

    async create(input: CreatePromotion, actor: string): Promise<PromotionView> {
      if (input.expiresAt && input.expiresAt.getTime() <= now().getTime()) throw badRequest(PROMOTION_MESSAGES.expiry);
      const created = await promotions.create(newPromotion(input, actor, now()));
      if (!created) throw conflict(PROMOTION_MESSAGES.duplicate(input.code));
      const view = toView(created, undefined);
      await audit({ actor, action: 'promotion.created', target: { type: 'promotion', id: created.code }, after: view });
      return view;
    },

    async list(): Promise<PromotionView[]> {
      const [all, usage] = await Promise.all([promotions.all(), promotions.usage()]);
      return all.map((promotion) => toView(promotion, usage.get(promotion.code)));
    },

    async deactivate(code: string, actor: string): Promise<PromotionView> {
      const deactivated = await promotions.deactivate(code);
      if (!deactivated) throw notFound(PROMOTION_MESSAGES.notFound);
      const view = toView(deactivated, (await promotions.usage()).get(code));
      await audit({ actor, action: 'promotion.deactivated', target: { type: 'promotion', id: code }, after: view });
      return view;
    },
  };
}
