import { paiseOf } from '@portal/contracts';
import type { BillingKit } from '../shared/billing-kit';
import { promotionRepository } from './data/promotion.repository';
import { referralRepository } from './data/referral.repository';
import { discountUseCases } from './domain/discount.use-cases';
import { promotionUseCases } from './domain/promotion.use-cases';
import { referralUseCases } from './domain/referral.use-cases';
import { adminPromotionRoutes } from './routes/admin-promotion.routes';
import { referralRoutes } from './routes/referral.routes';

/** What promotions ask of the paid orders, a port payments' order store fills. */
export interface PaidOrders {
  hasPaid(accountId: string): Promise<boolean>;
  lastPaid(accountId: string): Promise<string | null>;
}

/** Promotions wire themselves: the admin's codes, referrals and their credits, and the discount an order holds. */
export async function wirePromotions(
  { mongo, lock, audit, seller, firms, config, now, verifyToken, account }: BillingKit,
  paid: PaidOrders,
) {
  const stores = { promotions: promotionRepository(mongo), referrals: referralRepository(mongo) };
  await Promise.all([stores.promotions.ready, stores.referrals.ready]);
  const paidBefore = (accountId: string) => paid.hasPaid(accountId);
  const { ratePercent } = seller;
  const promotions = promotionUseCases({ promotions: stores.promotions, paidBefore, lock, audit, ratePercent, now });
  const referrals = referralUseCases({
    referrals: stores.referrals,
    paidBefore,
    firmsOf: (userId) => firms.firmsOf(userId),
    lock,
    creditPaise: paiseOf(config.REFERRAL_CREDIT_RUPEES),
    publicUrl: config.PUBLIC_URL,
    now,
  });
  const discounts = discountUseCases({
    codes: promotions,
    promotions: stores.promotions,
    referrals,
    credits: stores.referrals,
    lastPaidOrder: (accountId) => paid.lastPaid(accountId),
    ratePercent,
    now,
  });
  return {
    stores,
    referrals,
    discounts,
    routes: [adminPromotionRoutes(promotions, verifyToken), referralRoutes(referrals, verifyToken, account)],
  };
}
