/**
 * Promotions: the admin's promotion codes and their redemptions, and referrals with their credits.
 * An order's discount reaches a quote through subscriptions' PromotionOffers port,
 * and an order holds what it uses through payments' ports; compose.ts and payments' wiring connect both. Other capabilities
 * reach this one through what is exported here, and nothing else (the lint walls in eslint.config.mjs).
 */
export type { discountUseCases } from './domain/discount.use-cases';
export type { promotionUseCases } from './domain/promotion.use-cases';
export type { referralUseCases } from './domain/referral.use-cases';
