import { z } from 'zod';
import { COMMISSION_KINDS, type CommissionKind } from '../partners';
import { objectIdSchema } from '../ids';
import { requestProformaSchema } from '../bank-transfers';

/**
 * Billing's events for the partners service (its own queue): an order paid and a refund made.
 * Billing publishes each before it marks the order credited or the refund completed, so one that
 * could not be queued is published again when the payment or refund is settled again; partners
 * keeps one ledger line per order and per refund, however often an event arrives.
 */
export const ORDER_PAID = 'order.paid';
export const ORDER_REFUNDED = 'order.refunded';

export interface OrderPaidEvent {
  merchantOrderId: string;
  /** The person (or firm) whose plan it bought. */
  accountId: string;
  firmId: string | null;
  kind: CommissionKind;
  /** A firm's order: the firm's owner, whose partner earns on it. */
  firmOwnerId: string | null;
  plan: string;
  billingPeriod: string;
  taxablePaise: number;
  amountPaise: number;
  paidAt: string;
}

export interface OrderRefundedEvent {
  merchantRefundId: string;
  merchantOrderId: string;
  accountId: string;
  refundedPaise: number;
  /** What the order brought in, against which the refund's share is reckoned. */
  paidPaise: number;
  refundedAt: string;
}

export const orderPaidEventSchema: z.ZodType<OrderPaidEvent> = z.object({
  merchantOrderId: z.string().min(1).max(64),
  accountId: z.string().min(1).max(64),
  firmId: z.string().max(64).nullable(),
  kind: z.enum(COMMISSION_KINDS),
  firmOwnerId: z.string().max(64).nullable(),
  plan: z.string().max(40),
  billingPeriod: z.string().max(40),
  taxablePaise: z.number().int().min(0),
  amountPaise: z.number().int().min(0),
  paidAt: z.string(),
});

export const orderRefundedEventSchema: z.ZodType<OrderRefundedEvent> = z.object({
  merchantRefundId: z.string().min(1).max(64),
  merchantOrderId: z.string().min(1).max(64),
  accountId: z.string().min(1).max(64),
  refundedPaise: z.number().int().min(1),
  paidPaise: z.number().int().min(1),
  refundedAt: z.string(),
});

/** auth's partner staff (/internal/partner-staff): who may sign in to a partner's area. */
export const internalPartnerStaffBody = z.strictObject({
  email: z.string().email().max(254),
  partnerId: objectIdSchema('Malformed partner id'),
});
export const internalPartnerStaffParams = z.object({ userId: objectIdSchema('Malformed user id') });
export const internalPartnerStaffAnswer = z.object({ userId: z.string(), email: z.string() });

/** billing's pro-forma raised by a partner in its customer's name (/internal/accounts/:userId/proformas). */
export const internalAccountParams = z.object({ userId: objectIdSchema('Malformed user id') });
export const internalProformaBody = requestProformaSchema.extend({
  email: z.string().email().max(254),
  /** The customer's firm pays (they are its owner or an admin), and the plan is the firm's. */
  firmId: objectIdSchema('Malformed firm id').optional(),
});
