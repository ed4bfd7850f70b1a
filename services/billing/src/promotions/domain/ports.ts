import type { BillingPeriod, Paise, PricedPlan } from '@portal/contracts';

export type Discount = { kind: 'percent'; percent: number } | { kind: 'amount'; amountPaise: Paise };

/** A promotion code as the admin made it. */
export interface PromotionRecord {
  code: string;
  discount: Discount;
  plans: PricedPlan[];
  billingPeriods: BillingPeriod[];
  firstPurchaseOnly: boolean;
  maxRedemptions: number | null;
  perCustomerLimit: number;
  /** The paid periods in a row it takes off; stored codes made before it have none: one. */
  forPeriods?: number;
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
  /** Which of the code's periods the order pays: the first, typed, or a renewal after it (absent: the first). */
  sequence?: number;
  createdAt: Date;
}

export interface PromotionStore {
  ready: Promise<unknown>;
  /** Answers null when the code exists already. */
  create(promotion: PromotionRecord): Promise<PromotionRecord | null>;
  find(code: string): Promise<PromotionRecord | null>;
  all(): Promise<PromotionRecord[]>;
  deactivate(code: string): Promise<PromotionRecord | null>;
  /** First redemptions that hold or used the code: all of them, and one account's (a code's later periods count as none). */
  countHeld(code: string, accountId?: string): Promise<number>;
  /** The account's newest redemption that holds or used a code: where a code for several periods goes on from. */
  latestHeld(accountId: string): Promise<RedemptionRecord | null>;
  reserve(redemption: Omit<RedemptionRecord, 'state'>): Promise<void>;
  /** Moves an order's reserved redemption on; answers whether it had one. */
  settle(merchantOrderId: string, state: 'redeemed' | 'released'): Promise<boolean>;
  /** Per code: redeemed and reserved counts, and the discounts redeemed. */
  usage(): Promise<Map<string, { redeemed: number; reserved: number; discountPaise: Paise }>>;
}

/** Whether the account has paid for a plan before (a first purchase has not). */
export type PaidBefore = (accountId: string) => Promise<boolean>;

/** The account's newest paid order, by when it was paid: a code's periods run on only from it. */
export type LastPaidOrder = (accountId: string) => Promise<string | null>;

/** An account's referral link: its code, and who asked for it first (the credit's e-mail). */
export interface ReferralCodeRecord {
  accountId: string;
  code: string;
  email: string;
  createdAt: Date;
}

/** A person counted as referred: before their first payment, through someone else's link. */
export interface ReferralRecord {
  referredAccountId: string;
  referrerAccountId: string;
  claimedAt: Date;
}

/** What a referred account's first paid order earned its referrer: once per referred account. */
export interface ReferralCreditRecord {
  referrerAccountId: string | null;
  referrerEmail: string | null;
  referredAccountId: string | null;
  merchantOrderId: string;
  paise: Paise;
  grantedAt: Date;
  /** The referred payment was refunded in full: the credit no longer counts. */
  takenBack: boolean;
}

/** Credit taken off an order: held while it is at checkout, used once paid, released otherwise. */
export interface CreditUseRecord {
  accountId: string;
  merchantOrderId: string;
  paise: Paise;
  state: RedemptionState;
  createdAt: Date;
}

export interface ReferralStore {
  ready: Promise<unknown>;
  codeOf(accountId: string): Promise<ReferralCodeRecord | null>;
  findCode(code: string): Promise<ReferralCodeRecord | null>;
  /** Answers false when the account or the code has one already. */
  createCode(record: ReferralCodeRecord): Promise<boolean>;
  /** Answers the referral already recorded for the account when there is one. */
  claim(referral: ReferralRecord): Promise<ReferralRecord>;
  referralOf(referredAccountId: string): Promise<ReferralRecord | null>;
  /** Answers false when the referred account earned its referrer a credit already. */
  grant(credit: Omit<ReferralCreditRecord, 'takenBack'>): Promise<boolean>;
  /** Takes back the credit this referred order earned, if it did; answers whether it did. */
  takeBack(merchantOrderId: string): Promise<boolean>;
  /** What the account earned and what its orders took, newest first, and the balance they leave, in one read. */
  ledgerOf(accountId: string): Promise<{ earned: ReferralCreditRecord[]; uses: CreditUseRecord[]; balancePaise: Paise }>;
  /**
   * The credit left: what the account earned and kept, less what its orders hold or used (below
   * nothing when a credit used was taken back). One read; a checkout asks for it.
   */
  balanceOf(accountId: string): Promise<Paise>;
  /** Every credit given, newest first (the admin's list). */
  credits(limit: number): Promise<ReferralCreditRecord[]>;
  holdUse(use: Omit<CreditUseRecord, 'state'>): Promise<void>;
  /** Moves an order's held credit on; answers whether it had one. */
  settleUse(merchantOrderId: string, state: 'redeemed' | 'released'): Promise<boolean>;
  /** A deleted account's link, referral and credit uses go; the credits it earned or gave stay, without its id or e-mail. */
  detachUser(accountId: string): Promise<number>;
}
