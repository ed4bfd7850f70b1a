import type {
  AutoRenew,
  BillingPeriod,
  DiscountSource,
  PlanChangeKind,
  PlanName,
  PricedPlan,
  SubscriptionState,
  Paise,
} from '@portal/contracts';
import type { Lock } from '../../shared/ports';
import type { PricedEntry } from './plan-catalogue';

export interface SubscriptionRecord {
  accountId: string;
  email: string;
  status: SubscriptionState;
  plan: PlanName;
  billingPeriod: BillingPeriod | null;
  /** The plan's monthly price, in paise (the status object's planPrice, in rupees). */
  planPricePaise: Paise;
  /** The seats bought: one for a person; a firm's plan covers up to 50 people. */
  seats: number;
  trialStart: Date | null;
  trialEnd: Date | null;
  hasUsedTrial: boolean;
  subscriptionStartDate: Date | null;
  subscriptionEndDate: Date | null;
  remindersSent: string[];
  /** A lower plan or shorter period for the renewal, chosen by the customer; it takes over at the end. */
  scheduledSwitch: { plan: PricedPlan; billingPeriod: BillingPeriod; seats?: number } | null;
  /**
   * While a renewal by UPI Autopay is under way or has failed, access runs on to here after the paid
   * end; null otherwise. A credited period clears it.
   */
  graceUntil: Date | null;
  /** When the renewal of the current end failed (the dunning e-mails count from it). */
  renewalFailedAt: Date | null;
  /** Set by the customer's "Cancel subscription": nothing renews; access runs to the end. */
  cancelAtPeriodEnd: { at: Date; reason: string | null } | null;
  /**
   * A full refund took back the last paid period there was: the plan ended with its
   * money returned, so a licence that keeps its builds after the end does not (licensing reads it).
   * A period paid since clears it.
   */
  endedByRefund?: boolean;
}

export type SubscriptionChanges = Partial<Omit<SubscriptionRecord, 'accountId'>>;

export interface SubscriptionStore {
  find(accountId: string): Promise<SubscriptionRecord | null>;
  findMany(accountIds: string[]): Promise<SubscriptionRecord[]>;
  /** Creates the record when missing. */
  save(accountId: string, changes: SubscriptionChanges): Promise<SubscriptionRecord>;
  delete(accountId: string): Promise<void>;
  /** A page of the users with a paid plan recorded as active, by id, after `after`. */
  activeAccountIds(after: string | null, limit: number): Promise<string[]>;
  /** The last order credited before periods were recorded, for the migration. */
  lastLegacyCreditedOrder(accountId: string): Promise<string | null>;
  /** Marks every trial and paid plan whose end (and grace) has passed as expired, in bulk; returns how many. */
  expireDue(now: Date): Promise<{ trials: number; paid: number }>;
  /** Subscriptions whose end falls in [from, to) and which have not had `reminder` yet. */
  dueForReminder(kind: 'trial' | 'active', from: Date, to: Date, reminder: string): Promise<SubscriptionRecord[]>;
  markReminderSent(accountId: string, reminder: string): Promise<boolean>;
  /** Renewals that failed and are still in their grace period, for the dunning e-mails. */
  inGrace(now: Date, limit: number): Promise<SubscriptionRecord[]>;
  countsByStatus(now: Date): Promise<{ active: number; trial: number }>;
  planDistribution(now: Date): Promise<{ plan: string; count: number }[]>;
  recentSubscribers(limit: number): Promise<SubscriptionRecord[]>;
  /** The paid subscriptions with access at `now`, counted by plan, billing period and monthly price (for MRR). */
  paidCounts(now: Date): Promise<{ plan: PlanName; billingPeriod: BillingPeriod; planPricePaise: Paise; count: number; seats: number }[]>;
  /** Paid subscriptions with access at `from`, and how many of them have lost it since, by `now` (the churn). */
  churnCounts(from: Date, now: Date): Promise<{ atStart: number; churned: number }>;
  /** The tax-year terms ending at `end` (a 31 March), counted by monthly price and seats: the renewals due. */
  taxYearTermsEndingAt(end: Date): Promise<{ planPricePaise: Paise; seats: number; count: number }[]>;
}

export type PeriodSource = 'order' | 'admin' | 'migration';
export type PeriodState = 'active' | 'refunded' | 'superseded';

/**
 * A stretch of service the customer has: bought by an order, set by an admin, or carried over from
 * before periods were recorded. The subscription record is what these add up to (periods.ts).
 */
export interface PeriodRecord {
  /** `order:<merchantOrderId>`, `admin:<random>` or `migration:<accountId>`: inserting it is the credit, once. */
  id: string;
  accountId: string;
  source: PeriodSource;
  plan: PlanName;
  billingPeriod: BillingPeriod | null;
  /** The plan's monthly price in paise when the period began (the status object's planPrice). */
  monthlyPricePaise: Paise;
  /** The seats it covers; absent on periods recorded before seats, which had one. */
  seats?: number;
  from: Date;
  /** null: an admin's plan with no end. */
  to: Date | null;
  /** The free days (the first plan's month, a trial's days left) run from `from` to here. */
  paidFrom: Date;
  /** The paid days' length and price, for the unused value an upgrade credits. */
  paidDays: number;
  pricePaise: Paise;
  merchantOrderId: string | null;
  /** An admin's change: who made it and the status they set. */
  admin: { email: string; status: SubscriptionState } | null;
  state: PeriodState;
  /** The unused value credited when an upgrade ended it early, and the order of that upgrade. */
  credited: { paise: Paise; byOrder: string } | null;
  /** An order's period: the service its invoice describes (a trial's days left are not in it). */
  service?: { from: Date; to: Date };
  createdAt: Date;
}

export type NewPeriod = Omit<PeriodRecord, 'createdAt'>;

/** A pack of extra PCs on an account's plan, from the day it was paid to its term's end. */
export interface PcPackRecord {
  /** The order that bought it. */
  merchantOrderId: string;
  accountId: string;
  pcs: number;
  from: Date;
  until: Date;
  /** The days it was priced for, and its price: a refund's unused value is counted from them. */
  days: number;
  pricePaise: Paise;
  /** A refund gave its money back in full: it no longer counts. */
  refunded: boolean;
}

export interface PcPackStore {
  /** false when the order's pack is recorded already. */
  insert(pack: PcPackRecord): Promise<boolean>;
  find(merchantOrderId: string): Promise<PcPackRecord | null>;
  /** The account's packs, oldest first. */
  forAccount(accountId: string): Promise<PcPackRecord[]>;
  markRefunded(merchantOrderId: string): Promise<void>;
  deleteForAccount(accountId: string): Promise<void>;
}

export interface PeriodStore {
  /** The period as stored; null when a period with this id exists already. */
  insert(period: NewPeriod): Promise<PeriodRecord | null>;
  /** The user's periods, in the order they were recorded. */
  forUser(accountId: string): Promise<PeriodRecord[]>;
  update(id: string, changes: Partial<Pick<PeriodRecord, 'from' | 'to' | 'paidFrom' | 'state' | 'credited'>>): Promise<void>;
  deleteForUser(accountId: string): Promise<void>;
}

/**
 * What a paid order brings to the subscription it is credited to. An upgrade's order also carries
 * the credit it was quoted: the unused value of each period it ends.
 */
export interface PaidOrder {
  merchantOrderId: string;
  userEmail: string;
  plan: PlanName;
  billingPeriod: BillingPeriod;
  /** A tax-year term's years (the first the one its paid time begins in); null for another period. */
  taxYears: number | null;
  /** One for a person; a firm's plan covers its seats. */
  seats: number;
  firm: { id: string; name: string } | null;
  amountPaise: Paise;
  change: PlanChangeTerms | null;
}

/** The terms an order was quoted on, kept on the order until it is paid. */
export interface PlanChangeTerms {
  kind: 'upgrade';
  /** The new invoice's value: the plan's price, or the credit when it covers the price (the period then lengthens). */
  valuePaise: Paise;
  /** Each ended period's unused value, and the free days it had left (carried over). */
  credits: { periodId: string; merchantOrderId: string | null; paise: Paise; freeMs: number }[];
  /** Days added for a credit larger than the price. */
  extraDays: number;
}

/** The customer's UPI Autopay, as payments keeps it (the status object's `autoRenew`). */
export interface AutoRenewals {
  autoRenewOf(accountId: string, subscription: SubscriptionRecord | null, at: Date): Promise<AutoRenew | null>;
}

/** Whether the user has a checkout under way (the status object's `paymentRequested`), remembered between calls (payments' order repository). */
export interface PendingPayments {
  hasPending(accountId: string, now: Date): Promise<boolean>;
}

/** The subscription as an account's status shows it: remembered between calls until it is written (the subscription repository). */
export interface ShownSubscriptions {
  shownFor(accountId: string): Promise<SubscriptionRecord | null>;
}

export interface PlanStore {
  all(): Promise<PricedEntry[]>;
  find(name: string): Promise<PricedEntry | null>;
}

/**
 * A purchase's price with a discount taken before GST (the promotions capability works it out): a
 * code, a code's later period on a renewal, or the account's referral credit.
 */
export type PromotionPrice = DiscountSource & {
  listPricePaise: Paise;
  listTaxablePaise: Paise;
  discountPaise: Paise;
  taxablePaise: Paise;
  amountDuePaise: Paise;
};

export type PromotionScope = { accountId: string; plan: PricedPlan; billingPeriod: BillingPeriod; kind: PlanChangeKind };
export interface PromotionOffer {
  price(listPricePaise: Paise): PromotionPrice;
}

export interface PromotionOffers {
  /** The code the customer typed, or a refusal (thrown) when it does not apply to this account, plan, period or kind of change. */
  typed(code: string, scope: PromotionScope): Promise<PromotionOffer>;
  /** What applies to a purchase or a renewal without a code, if anything. */
  standing(scope: PromotionScope): Promise<PromotionOffer | null>;
}

/** The invoice of an order credited before periods were recorded: its value and the service it described. */
export interface LegacyInvoices {
  findForOrder(merchantOrderId: string): Promise<{ totalPaise: Paise; periodFrom: Date; periodTo: Date } | null>;
}

export interface LedgerDeps {
  subscriptions: SubscriptionStore;
  periods: PeriodStore;
  /** The packs of extra PCs on the account's plan: they go with its periods. */
  packs: Pick<PcPackStore, 'deleteForAccount'>;
  plans: PlanStore;
  legacyInvoices: LegacyInvoices;
  lock: Lock;
  now?: () => Date;
}
