/**
 * Subscriptions: plans, the trial, the status object, expiry and reminders, and crediting a paid order.
 * Other capabilities reach this one through what is exported here, and nothing else (the
 * lint walls in eslint.config.mjs).
 */
export { annualPricePaise } from './domain/plan-catalogue';
export type { FirmEntitlement, FirmSeat } from './domain/firm-entitlement';
export { MIN_CHARGE_PAISE, assertSeatsFit } from './domain/plan-change';
export type { PackOrder, pcPackUseCases } from './domain/pc-packs.use-cases';
export type { planChangeUseCases } from './domain/plan-change.use-cases';
export type { subscriptionLedger } from './domain/subscription-ledger.use-cases';
export type {
  AutoRenewals,
  PendingPayments,
  PeriodRecord,
  PeriodStore,
  PlanChangeTerms,
  PlanStore,
  PromotionOffer,
  PromotionOffers,
  PromotionPrice,
  PromotionScope,
  ShownSubscriptions,
  SubscriptionRecord,
  SubscriptionStore,
} from './domain/ports';
export { accessEnd, accessUntil, effectiveStatus, summarize } from './domain/subscription-terms';
