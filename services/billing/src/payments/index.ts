/**
 * Payments: PhonePe orders, their refunds, the billing history and the admin's payments list, and
 * the orders paid by bank transfer against a pro-forma. Other capabilities reach this one through
 * what is exported here, and nothing else (the lint walls in eslint.config.mjs).
 */
export type { bankTransferOrders, TransferOutcome } from './domain/bank-transfer-orders';
export { dueByTransfer } from './domain/ports';
export type { MandateRecord, MandateStore, OrderRecord, OrderStore, RefundRecord, RefundStore } from './domain/ports';
