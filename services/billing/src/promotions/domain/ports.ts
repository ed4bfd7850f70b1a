import type { BillingPeriod, Paise, PricedPlan } from '@portal/contracts';

export type Discount = { kind: 'percent'; percent: number } | { kind: 'amount'; amountPaise: Paise };

/** A promotion code as the admin made it (issue #50 §3). */
export interface PromotionRecord {
  code: string;
  discount: Discount;
  plans: PricedPlan[];
  billingPeriods: BillingPeriod[];
  firstPurchaseOnly: boolean;
  maxRedemptions: number | null;
  perCustomerLimit: number;
  expiresAt: Date | null;
  active: boolean;
  createdBy: string;
  createdAt: Date;
}

/**
 * An order's use of a code: held while the order is at checkout, redeemed when it is paid,
 * released when it fails or expires, so that an unpaid checkout does not use up a code.
 */
export type RedemptionState = 'reserved' | 'redeemed' | 'released';
export interface RedemptionRecord {
  code: string;
  accountId: string;
  merchantOrderId: string;
  state: RedemptionState;
  discountPaise: Paise;
  createdAt: Date;
}

export interface PromotionStore {
  ready: Promise<unknown>;
  /** Answers null when the code exists already. */
  create(promotion: PromotionRecord): Promise<PromotionRecord | null>;
  find(code: string): Promise<PromotionRecord | null>;
  all(): Promise<PromotionRecord[]>;
  deactivate(code: string): Promise<PromotionRecord | null>;
  /** Redemptions that hold or used the code: all of them, and one account's. */
  countHeld(code: string, accountId?: string): Promise<number>;
  reserve(redemption: Omit<RedemptionRecord, 'state'>): Promise<void>;
  /** Moves an order's reserved redemption on; answers whether it had one. */
  settle(merchantOrderId: string, state: 'redeemed' | 'released'): Promise<boolean>;
  /** Per code: redeemed and reserved counts, and the discounts redeemed. */
  usage(): Promise<Map<string, { redeemed: number; reserved: number; discountPaise: Paise }>>;
}

/** Whether the account has paid for a plan before (a first purchase has not). */
export type PaidBefore = (accountId: string) => Promise<boolean>;
