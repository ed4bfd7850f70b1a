/**
 * Payments: PhonePe orders, their refunds, the billing history and the admin's payments list.
 * Other capabilities reach this one through what is exported here, and nothing else (the
 * lint walls in eslint.config.mjs).
 */
export type { MandateRecord, MandateStore, OrderRecord, OrderStore, RefundRecord, RefundStore } from './domain/ports';
