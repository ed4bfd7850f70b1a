import {
  discountSourceOf,
  type BillingPeriod,
  type DiscountSource,
  type MandateState,
  type PlanName,
  type PricedPlan,
  type TransactionStatus,
  type Paise,
} from '@portal/contracts';
import type { AuditPublisher, SingleUseClaims } from '@portal/platform';
import type { Logger } from 'pino';
import type {
  PackOrder,
  PlanChangeTerms,
  PromotionPrice,
  pcPackUseCases,
  subscriptionLedger,
  planChangeUseCases,
  SubscriptionStore,
} from '../../subscriptions';
import type { AccountEvents } from '../../shared/account-events';
import type { Lock, BillingProfileStore, MailSender } from '../../shared/ports';
import type { CreditNoteStore, InvoiceStore, Seller, invoiceUseCases } from '../../tax-documents';
import type { discountUseCases } from '../../promotions';
import type { autopayUseCases } from './autopay.use-cases';
import type { SaleEvents } from './sale-events';

export interface OrderRecord {
  id: string;
  merchantOrderId: string;
  accountId: string | null;
  userEmail: string;
  plan: PlanName;
  billingPeriod: BillingPeriod;
  /** A tax-year term's years; null for another period. */
  taxYears: number | null;
  /** One for a person; a firm's order buys its seats. */
  seats: number;
  /** A firm's order: the firm, named as it was when bought (its invoice names it). */
  firm: { id: string; name: string } | null;
  amountPaise: Paise;
  status: TransactionStatus;
  credited: boolean;
  phonepeOrderId: string | null;
  phonePeTransactionId: string | null;
  expireAt: Date;
  createdAt: Date;
  completedAt: Date | null;
  /** Copied from the order's invoice when it is issued, for the transactions list and its CSV. */
  invoiceNumber: string | null;
  taxablePaise: Paise | null;
  taxPaise: Paise | null;
  /** The sum of its completed refunds, whether one is in flight, and whether one waits for the buyer's billing details. */
  refundedPaise: Paise;
  refundPending: boolean;
  refundAwaitingDetails: boolean;
  /** An upgrade's order: the credit it was quoted, set against the new plan's price. */
  change: PlanChangeTerms | null;
  /** The unused value of this order's plan credited to a later upgrade: no longer refundable. */
  changeCreditedPaise: Paise;
  /** A pack of extra PCs for the plan running, to its term's end, rather than a plan's period. */
  pcPack: PackOrder['pcPack'] | null;
  /** An order of a UPI Autopay mandate: the payment that set it up, or one of its renewals. */
  mandate: { merchantSubscriptionId: string; role: 'setup' | 'renewal' } | null;
  /** A renewal's progress: the paid end it renews, when the pre-debit notice went out, when we asked for the debit. */
  renewal: RenewalProgress | null;
  /** A discount: a code's or a referral credit's, the price before it, and the discount off the taxable value. */
  promotion: OrderPromotion | null;
  /** PhonePe's checkout (or a mandate's debit), or a bank transfer against a pro-forma. */
  method: PaymentMethod;
  bankTransfer: BankTransferTerms | null;
}

export type PaymentMethod = 'phonepe' | 'bank_transfer';

/**
 * A bank transfer's order: the pro-forma it is paid against, what its credits add up to, and the
 * TDS the buyer deducts, which it pays to the government for us rather than to us.
 */
export interface BankTransferTerms {
  proformaNumber: string | null;
  reference: string | null;
  receivedPaise: Paise;
  tds: { ratePercent: number; paise: Paise } | null;
}

/** What reached us for an order: its amount, or a bank transfer's credits when the buyer deducted TDS. */
export const paidFor = (order: Pick<OrderRecord, 'amountPaise' | 'bankTransfer'>): Paise =>
  order.bankTransfer ? (Math.min(order.amountPaise, order.bankTransfer.receivedPaise) as Paise) : order.amountPaise;

/** What the buyer of a bank transfer's order sends us: the order's value less its TDS. */
export const dueByTransfer = (order: Pick<OrderRecord, 'amountPaise' | 'bankTransfer'>): Paise =>
  (order.amountPaise - (order.bankTransfer?.tds?.paise ?? 0)) as Paise;

/** An order's discount: what it is (a code, one of a code's periods, a referral credit), the price before it and the discount off the taxable value. */
export type OrderPromotion = DiscountSource & {
  listPricePaise: Paise;
  discountPaise: Paise;
};

export const orderPromotion = (price: PromotionPrice): OrderPromotion => ({
  ...discountSourceOf(price),
  listPricePaise: price.listPricePaise,
  discountPaise: price.discountPaise,
});

export interface RenewalProgress {
  dueAt: Date;
  noticeSentAt: Date | null;
  redeemRequestedAt: Date | null;
}

export interface OrderStore {
  create(
    order: Pick<
      OrderRecord,
      'merchantOrderId' | 'accountId' | 'userEmail' | 'plan' | 'billingPeriod' | 'amountPaise' | 'expireAt' | 'change'
    > &
      Partial<
        Pick<OrderRecord, 'taxYears' | 'mandate' | 'renewal' | 'seats' | 'firm' | 'promotion' | 'method' | 'bankTransfer' | 'pcPack'>
      >,
  ): Promise<OrderRecord>;
  /** A bank transfer's order by its pro-forma's reference. */
  findByReference(reference: string): Promise<OrderRecord | null>;
  /** An account's bank transfers' orders, newest first, but those that lapsed unpaid (its pro-formas). */
  bankTransfersOf(accountId: string, limit: number): Promise<OrderRecord[]>;
  /** The bank transfers' orders still waiting for money, newest first (the admin's bank transfers). */
  openBankTransfers(limit: number): Promise<OrderRecord[]>;
  /** The taxable value of what the account paid since `since` (section 194J's threshold is a year's). */
  taxablePaidSince(accountId: string, since: Date): Promise<Paise>;
  /** Records a renewal's step, answering the order as it now is; the caller has claimed it (a conditional update is no claim on FerretDB). */
  markRenewalStep(merchantOrderId: string, step: 'noticeSentAt' | 'redeemRequestedAt', at: Date): Promise<OrderRecord | null>;
  /** Renewal orders not yet settled, oldest first. */
  pendingRenewals(limit: number): Promise<OrderRecord[]>;
  /** The orders of these mandates, newest first (the admin's timeline, the customer's upcoming debit). */
  forMandates(merchantSubscriptionIds: string[]): Promise<OrderRecord[]>;
  find(merchantOrderId: string): Promise<OrderRecord | null>;
  /** Whether the account paid another order before this one's payment (its sale is then a renewal). */
  paidBefore(accountId: string, merchantOrderId: string, at: Date): Promise<boolean>;
  update(merchantOrderId: string, changes: Partial<OrderRecord>): Promise<OrderRecord | null>;
  /** When each of the user's open checkouts (not Autopay's renewals) expires. */
  checkoutExpiries(accountId: string, now: Date): Promise<Date[]>;
  /** What the user has under way: a checkout, an upgrade's checkout, an Autopay renewal. */
  pendingOf(accountId: string, now: Date): Promise<{ checkout: boolean; upgrade: boolean; renewal: boolean }>;
  /**
   * Checkouts pending since before `olderThan`, completed orders not yet credited, and bank
   * transfers past their validity with nothing received.
   */
  needingReconciliation(olderThan: Date, now: Date, limit: number): Promise<OrderRecord[]>;
  /** A page of the payments in [from, to), newest first, and how many there are in all. */
  list(filter: {
    from: Date;
    to: Date;
    transactionId?: string;
    accountId?: string;
    skip: number;
    limit: number;
  }): Promise<{ orders: OrderRecord[]; total: number }>;
  stream(filter: { from: Date; to: Date }): AsyncIterable<OrderRecord>;
  anonymiseUser(accountId: string): Promise<number>;
  /** The user's payments that reached PhonePe (all but never-paid expired checkouts), newest first. */
  forUser(accountId: string, limit: number): Promise<OrderRecord[]>;
  /** Whether the account has paid for a plan before (a promotion code may be for a first purchase only). */
  hasPaid(accountId: string): Promise<boolean>;
  /** The account's newest paid order, by when it was paid (a code's periods run on only from it). */
  lastPaid(accountId: string): Promise<string | null>;
  totalRevenuePaise(): Promise<Paise>;
  /** When each completed payment since `since` was completed, and its amount. */
  completedSince(since: Date): Promise<{ at: Date; amountPaise: Paise }[]>;
}

export type PhonePeOrderState = 'PENDING' | 'COMPLETED' | 'FAILED';
/** A redemption is notified first, then debited. */
export type PhonePeRedemptionState = PhonePeOrderState | 'NOTIFICATION_IN_PROGRESS' | 'NOTIFIED';

export interface PhonePeOrderStatus<State = PhonePeOrderState> {
  orderId: string;
  state: State;
  amount: number;
  paymentDetails: { transactionId: string; state: string; amount: number }[];
}

export interface PaymentGateway {
  pay(request: {
    merchantOrderId: string;
    amountPaise: Paise;
    redirectUrl: string;
    expireAfterSeconds: number;
    /** PhonePe's merchant user: the paying account. */
    userId: string;
  }): Promise<{ orderId: string; redirectUrl: string; expireAt: number }>;
  orderStatus(merchantOrderId: string): Promise<PhonePeOrderStatus>;
}

/** `awaiting_details`: asked for while the buyer had no billing details for its credit note, made once they save them. */
export type RefundState = 'awaiting_details' | 'pending' | 'completed' | 'failed';

/** A refund of (part of) a completed payment, asked of PhonePe under our own merchant refund id. */
export interface RefundRecord {
  merchantRefundId: string;
  merchantOrderId: string;
  accountId: string | null;
  amountPaise: Paise;
  reason: string;
  state: RefundState;
  phonepeRefundId: string | null;
  requestedBy: string;
  createdAt: Date;
  settledAt: Date | null;
  /** A bank transfer's refund: paid back by bank, with that transfer's UTR, rather than by PhonePe. */
  bankUtr: string | null;
}

export interface RefundStore {
  create(
    refund: Omit<RefundRecord, 'createdAt' | 'settledAt' | 'phonepeRefundId' | 'state' | 'bankUtr'> &
      Partial<Pick<RefundRecord, 'bankUtr' | 'state'>>,
  ): Promise<RefundRecord>;
  find(merchantRefundId: string): Promise<RefundRecord | null>;
  /** The refunds of these orders, oldest first. */
  forOrders(merchantOrderIds: string[]): Promise<RefundRecord[]>;
  update(merchantRefundId: string, changes: Partial<RefundRecord>): Promise<RefundRecord | null>;
  /** Pending refunds created before `olderThan`, for the reconciliation job. */
  pending(olderThan: Date, limit: number): Promise<RefundRecord[]>;
  /** Refunds waiting for their buyer's billing details, oldest first: one account's, or everyone's. */
  awaitingDetails(accountId: string | null, limit: number): Promise<RefundRecord[]>;
  detachUser(accountId: string): Promise<number>;
}

export type PhonePeRefundState = 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'FAILED';

export interface RefundGateway {
  /** null when PhonePe refuses the request (a 4xx): nothing is refunded. */
  refund(request: {
    merchantRefundId: string;
    merchantOrderId: string;
    amountPaise: Paise;
  }): Promise<{ refundId: string; state: PhonePeRefundState } | null>;
  /** null when PhonePe has no refund with this id (our request never reached it). */
  refundStatus(merchantRefundId: string): Promise<{ refundId: string; state: PhonePeRefundState; amount: number } | null>;
}

/** A PhonePe subscription's state (its Subscription Status API). */
export type PhonePeMandateState =
  | 'ACTIVATION_IN_PROGRESS'
  | 'ACTIVE'
  | 'PAUSE_IN_PROGRESS'
  | 'PAUSED'
  | 'UNPAUSE_IN_PROGRESS'
  | 'REVOKE_IN_PROGRESS'
  | 'REVOKED'
  | 'CANCEL_IN_PROGRESS'
  | 'CANCELLED'
  | 'FAILED'
  | 'EXPIRED';

/** PhonePe's Autopay subscriptions: the mandate and the debits made under it. */
export interface MandateGateway {
  setupMandate(request: {
    merchantOrderId: string;
    merchantSubscriptionId: string;
    amountPaise: Paise;
    maxAmountPaise: Paise;
    frequency: 'MONTHLY' | 'YEARLY';
    redirectUrl: string;
    expireAfterSeconds: number;
    /** PhonePe's merchant user: the paying account. */
    userId: string;
  }): Promise<{ orderId: string; redirectUrl: string; expireAt: number }>;
  /** null when PhonePe has no such subscription (its setup never reached it). */
  mandateStatus(merchantSubscriptionId: string): Promise<{ subscriptionId: string; state: PhonePeMandateState } | null>;
  cancelMandate(merchantSubscriptionId: string): Promise<void>;
  /** The pre-debit notification; null when PhonePe refuses it (a 4xx: the mandate is not active). */
  notifyRedemption(request: {
    merchantOrderId: string;
    merchantSubscriptionId: string;
    amountPaise: Paise;
    expireAt: number;
  }): Promise<{ orderId: string; state: PhonePeRedemptionState } | null>;
  /** The debit of a notified redemption; null when PhonePe refuses it (too early, or not notified). */
  redeem(merchantOrderId: string): Promise<{ state: PhonePeRedemptionState; transactionId: string } | null>;
  /** null when PhonePe never heard of the redemption (its notify did not reach it). */
  redemptionStatus(merchantOrderId: string): Promise<PhonePeOrderStatus<PhonePeRedemptionState> | null>;
}

/** Why a mandate ended on our side. */
export type MandateEndReason = 'customer' | 'replaced' | 'plan-change' | 'switch' | 'cancellation';

/** A UPI Autopay mandate: it renews one plan and period at a fixed amount. */
export interface MandateRecord {
  merchantSubscriptionId: string;
  accountId: string | null;
  userEmail: string;
  plan: PricedPlan;
  billingPeriod: BillingPeriod;
  /** Each renewal's debit: the plan's price for its seats when the mandate was set up (FIXED at PhonePe). */
  amountPaise: Paise;
  /** The seats each renewal buys again: the whole quantity, for this firm. */
  seats: number;
  firm: OrderRecord['firm'];
  state: MandateState;
  setupOrderId: string;
  phonepeSubscriptionId: string | null;
  endedReason: MandateEndReason | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A mandate's renewal under way, as its account's status shows it: remembered between calls until one of the account's orders changes (the order repository). */
export interface ShownRenewals {
  shownRenewal(accountId: string, merchantSubscriptionId: string): Promise<RenewalProgress | null>;
}

/** The mandates as an account's status shows them: remembered between calls until one of them changes (the mandate repository). */
export interface ShownMandates {
  shownForUser(accountId: string): Promise<MandateRecord[]>;
}

export interface MandateStore {
  create(
    mandate: Pick<
      MandateRecord,
      'merchantSubscriptionId' | 'accountId' | 'userEmail' | 'plan' | 'billingPeriod' | 'amountPaise' | 'setupOrderId'
    > &
      Partial<Pick<MandateRecord, 'seats' | 'firm'>>,
  ): Promise<MandateRecord>;
  find(merchantSubscriptionId: string): Promise<MandateRecord | null>;
  update(merchantSubscriptionId: string, changes: Partial<MandateRecord>): Promise<MandateRecord | null>;
  /** The user's mandates, newest first. */
  forUser(accountId: string): Promise<MandateRecord[]>;
  /** A page of the active mandates, by id, after `after`. */
  active(after: string | null, limit: number): Promise<MandateRecord[]>;
  /** The mandates (in one state, if given), newest first, with how many there are (the admin's mandates view). */
  list(skip: number, limit: number, state?: MandateState): Promise<{ rows: MandateRecord[]; total: number }>;
  detachUser(accountId: string): Promise<number>;
}

export interface AutopayDeps {
  mandates: MandateStore & ShownMandates;
  orders: OrderStore & ShownRenewals;
  gateway: MandateGateway;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'releaseRenewal'>;
  lock: Lock;
  logger: Logger;
}

/** What requesting, settling and telling of refunds are given (payments' wiring.ts gives them). */
export interface RefundDeps {
  orders: OrderStore;
  refunds: RefundStore;
  invoices: InvoiceStore;
  creditNotes: CreditNoteStore;
  /** The buyer's billing details now: a credit note shows the address the invoice may have lacked. */
  profiles: Pick<BillingProfileStore, 'find'>;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'removeRefunded' | 'unusedOf'>;
  /** A pack's unused value and its end on a full refund, as the ledger's are for a plan's period. */
  pcPacks: Pick<ReturnType<typeof pcPackUseCases>, 'removeRefunded' | 'unusedOf'>;
  /** Told of an order refunded in full, once its plan has ended (a referral credit it earned is taken back). */
  onRefundedInFull?: (order: OrderRecord) => Promise<unknown>;
  gateway: RefundGateway;
  seller: Seller;
  lock: Lock;
  audit: AuditPublisher;
  logger: Logger;
  /** The refund's e-mail: its credit note attached, and the way to the billing history. */
  mail: MailSender;
  creditNotePdf: (merchantRefundId: string) => Promise<{ number: string; pdf: Buffer }>;
  publicUrl: string;
  sales?: SaleEvents;
  /** Events for the integrators' webhooks. */
  events?: AccountEvents;
  now?: () => Date;
}

/** What placing, settling and crediting an order are given (payments' wiring.ts gives them). */
export interface PaymentDeps {
  orders: OrderStore;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'credit'>;
  changes: Pick<ReturnType<typeof planChangeUseCases>, 'quote'>;
  /** Packs of extra PCs: their terms when ordered, their credit once paid. */
  pcPacks: Pick<ReturnType<typeof pcPackUseCases>, 'terms' | 'credit'>;
  gateway: PaymentGateway & Pick<MandateGateway, 'setupMandate' | 'redemptionStatus'>;
  mandates: Pick<MandateStore, 'create'>;
  /** What an order's discount uses (a code's redemption, a referral credit), held by the order. */
  promotions: Pick<ReturnType<typeof discountUseCases>, 'hold' | 'release'>;
  invoices: Pick<ReturnType<typeof invoiceUseCases>, 'issueForSettledOrder' | 'render'>;
  profiles: Pick<BillingProfileStore, 'find'>;
  mail: MailSender;
  lock: Lock;
  logger: Logger;
  publicUrl: string;
  orderLifetimeSeconds: number;
  onAmountMismatch: () => void;
  /** Told of every order that leaves pending (UPI Autopay follows its mandates' orders). */
  onSettled?: (order: OrderRecord) => Promise<void>;
  /** Paid orders and refunds, published for partners' commission. */
  sales?: SaleEvents;
  /** Events for the integrators' webhooks. */
  events?: AccountEvents;
  now?: () => Date;
}

export type ReturnOutcome = 'success' | 'failed' | 'pending';

/** The subscription page that tells the buyer how it went: a firm's order returns to the firm's plan. */
export const returnPage = (order: Pick<OrderRecord, 'firm'> | null, outcome: ReturnOutcome) =>
  `/subscription?${order?.firm ? `firm=${order.firm.id}&` : ''}status=${outcome}`;

/** What the renewal job and its webhooks are given (payments' wiring.ts gives them). */
export interface RenewalDeps {
  mandates: MandateStore;
  orders: OrderStore;
  gateway: MandateGateway;
  subscriptions: Pick<SubscriptionStore, 'find' | 'inGrace' | 'markReminderSent'>;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'holdForRenewal'>;
  autopay: Pick<ReturnType<typeof autopayUseCases>, 'reflect' | 'endFor'>;
  /** A renewal's discount without a code: a code's next period, or the referral credit. */
  discounts: Pick<ReturnType<typeof discountUseCases>, 'offers' | 'hold'>;
  /** Who sends a notice, asks for a debit or sends a dunning e-mail: a webhook and the job can meet. */
  claims: Pick<SingleUseClaims, 'claim'>;
  /** Payments' settlement: asks PhonePe for the debit's outcome and credits it once. */
  settle: (merchantOrderId: string) => Promise<OrderRecord | null>;
  mail: MailSender;
  logger: Logger;
  merchantName: string;
  publicUrl: string;
  now?: () => Date;
}
