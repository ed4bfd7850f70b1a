import type { BillingPeriod, PlanName, TransactionRow, TransactionStatus } from '@portal/contracts';
import type { PlanChangeTerms } from '../../subscriptions';

export interface OrderRecord {
  id: string;
  merchantOrderId: string;
  userId: string | null;
  userEmail: string;
  plan: PlanName;
  billingPeriod: BillingPeriod;
  amount: number;
  amountPaise: number;
  status: TransactionStatus;
  credited: boolean;
  phonepeOrderId: string | null;
  phonePeTransactionId: string | null;
  expireAt: Date;
  createdAt: Date;
  completedAt: Date | null;
  /** Copied from the order's invoice when it is issued, for the transactions list and its CSV. */
  invoiceNumber: string | null;
  taxablePaise: number | null;
  taxPaise: number | null;
  /** The sum of its completed refunds, and whether one is in flight. */
  refundedPaise: number;
  refundPending: boolean;
  /** An upgrade's order: the credit it was quoted, set against the new plan's price. */
  change: PlanChangeTerms | null;
  /** The unused value of this order's plan credited to a later upgrade: no longer refundable. */
  changeCreditedPaise: number;
}

export interface OrderStore {
  create(
    order: Pick<
      OrderRecord,
      'merchantOrderId' | 'userId' | 'userEmail' | 'plan' | 'billingPeriod' | 'amount' | 'amountPaise' | 'expireAt' | 'change'
    >,
  ): Promise<OrderRecord>;
  find(merchantOrderId: string): Promise<OrderRecord | null>;
  update(merchantOrderId: string, changes: Partial<OrderRecord>): Promise<OrderRecord | null>;
  /** Whether a checkout of the user is open; `changesOnly`: an upgrade's. */
  hasPending(userId: string, now: Date, options?: { changesOnly?: boolean }): Promise<boolean>;
  /** Pending orders created before `olderThan`, and completed ones not yet credited. */
  needingReconciliation(olderThan: Date, limit: number): Promise<OrderRecord[]>;
  /** A page of the payments in [from, to), newest first, and how many there are in all. */
  list(filter: {
    from: Date;
    to: Date;
    transactionId?: string;
    userId?: string;
    skip: number;
    limit: number;
  }): Promise<{ rows: TransactionRow[]; total: number }>;
  stream(filter: { from: Date; to: Date }): AsyncIterable<TransactionRow>;
  anonymiseUser(userId: string): Promise<number>;
  /** The user's payments that reached PhonePe (all but never-paid expired checkouts), newest first. */
  forUser(userId: string, limit: number): Promise<OrderRecord[]>;
  totalRevenue(): Promise<number>;
  /** When each completed payment since `since` was completed, and its amount. */
  completedSince(since: Date): Promise<{ at: Date; amount: number }[]>;
}

export type PhonePeOrderState = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface PhonePeOrderStatus {
  orderId: string;
  state: PhonePeOrderState;
  amount: number;
  paymentDetails: { transactionId: string; state: string; amount: number }[];
}

export interface PaymentGateway {
  pay(request: {
    merchantOrderId: string;
    amountPaise: number;
    redirectUrl: string;
    expireAfterSeconds: number;
    userId: string;
  }): Promise<{ orderId: string; redirectUrl: string; expireAt: number }>;
  orderStatus(merchantOrderId: string): Promise<PhonePeOrderStatus>;
}

export type RefundState = 'pending' | 'completed' | 'failed';

/** A refund of (part of) a completed payment, asked of PhonePe under our own merchant refund id. */
export interface RefundRecord {
  merchantRefundId: string;
  merchantOrderId: string;
  userId: string | null;
  amountPaise: number;
  reason: string;
  state: RefundState;
  phonepeRefundId: string | null;
  requestedBy: string;
  createdAt: Date;
  settledAt: Date | null;
}

export interface RefundStore {
  create(refund: Omit<RefundRecord, 'createdAt' | 'settledAt' | 'phonepeRefundId' | 'state'>): Promise<RefundRecord>;
  find(merchantRefundId: string): Promise<RefundRecord | null>;
  /** The refunds of these orders, oldest first. */
  forOrders(merchantOrderIds: string[]): Promise<RefundRecord[]>;
  update(merchantRefundId: string, changes: Partial<RefundRecord>): Promise<RefundRecord | null>;
  /** Pending refunds created before `olderThan`, for the reconciliation job. */
  pending(olderThan: Date, limit: number): Promise<RefundRecord[]>;
  detachUser(userId: string): Promise<number>;
}

export type PhonePeRefundState = 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'FAILED';

export interface RefundGateway {
  /** null when PhonePe refuses the request (a 4xx): nothing is refunded. */
  refund(request: {
    merchantRefundId: string;
    merchantOrderId: string;
    amountPaise: number;
  }): Promise<{ refundId: string; state: PhonePeRefundState } | null>;
  /** null when PhonePe has no refund with this id (our request never reached it). */
  refundStatus(merchantRefundId: string): Promise<{ refundId: string; state: PhonePeRefundState; amount: number } | null>;
}
