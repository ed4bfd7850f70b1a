import type { Paise } from '@portal/contracts';
import type { PromotionOffer } from '../../subscriptions';
import { discountedPrice } from './discounted-price';
import type { PromotionRecord } from './ports';

/** A code's offer for one of its periods (the first, or a renewal after it): its discount on the purchase's price. */
export const codeOffer = (promotion: PromotionRecord, number: number, ratePercent: number): PromotionOffer => {
  const of = promotion.forPeriods ?? 1;
  return {
    price: (listPricePaise) => ({
      kind: 'code',
      code: promotion.code,
      period: of > 1 ? { number, of } : null,
      ...discountedPrice(listPricePaise, promotion.discount, ratePercent),
    }),
  };
};

/** The referral credit's offer: as much of it as the price takes, off the taxable value, never under ₹1 to pay. */
export const creditOffer = (balancePaise: Paise, ratePercent: number): PromotionOffer => ({
  price: (listPricePaise) => ({
    kind: 'referral-credit',
    code: null,
    period: null,
    ...discountedPrice(listPricePaise, { kind: 'amount', amountPaise: balancePaise }, ratePercent),
  }),
});
