/**
 * Promotions: the admin's promotion codes and their redemptions (issue #50 §3). A code's discount
 * reaches a quote through subscriptions' PromotionOffers port, and an order holds its redemption
 * through payments' deps; compose.ts wires both. Other capabilities reach this one through what is
 * exported here, and nothing else (the lint walls in eslint.config.mjs).
 */
export type { promotionUseCases } from './domain/promotion.use-cases';
