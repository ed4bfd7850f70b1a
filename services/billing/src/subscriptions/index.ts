/**
 * Subscriptions: plans, the trial, the status object, expiry and reminders, and crediting a paid order.
 * Other capabilities reach this one through what is exported here, and nothing else (the
 * lint walls in eslint.config.mjs).
 */
export { creditOrder } from './domain/credit-order';
export { priceOf } from './domain/plan-catalogue';
export { withoutRefundedPeriod } from './domain/refunded-period';
export type { PlanStore, SubscriptionStore } from './domain/ports';
export { subscriptionLockKey } from './domain/status.use-cases';
export { effectiveStatus, summarize } from './domain/subscription-status';
