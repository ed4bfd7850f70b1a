import type {
  BillingPeriod,
  BillingProfile,
  LicenseClaims,
  PersonalInfo,
  PlanName,
  TransactionRow,
  TransactionStatus,
} from '@portal/contracts';
import type { SingleUseClaims } from '@portal/platform';
import type { PlanEntry } from './plan-catalogue';

export interface SubscriptionRecord {
  userId: string;
  email: string;
  status: 'none' | 'trial' | 'active' | 'expired';
  plan: PlanName;
  billingPeriod: BillingPeriod | null;
  planPrice: number;
  trialStart: Date | null;
  trialEnd: Date | null;
  hasUsedTrial: boolean;
  subscriptionStartDate: Date | null;
  subscriptionEndDate: Date | null;
  /** Orders already credited to this subscription: crediting is idempotent per order. */
  creditedOrderIds: string[];
  remindersSent: string[];
}

export type SubscriptionChanges = Partial<Omit<SubscriptionRecord, 'userId'>>;

/** What a paid order brings to the subscription it is credited to. */
export interface PaidOrder {
  merchantOrderId: string;
  userEmail: string;
  plan: PlanName;
  billingPeriod: BillingPeriod;
}

/** Whether the user has a checkout under way (the status object's `paymentRequested`). */
export interface PendingPayments {
  hasPending(userId: string, now: Date): Promise<boolean>;
}

export interface SubscriptionStore {
  find(userId: string): Promise<SubscriptionRecord | null>;
  findMany(userIds: string[]): Promise<SubscriptionRecord[]>;
  /** Creates the record when missing. */
  save(userId: string, changes: SubscriptionChanges): Promise<SubscriptionRecord>;
  delete(userId: string): Promise<void>;
  /** Marks every trial and paid plan whose end has passed as expired, in bulk; returns how many. */
  expireDue(now: Date): Promise<{ trials: number; paid: number }>;
  /** Subscriptions whose end falls in [from, to) and which have not had `reminder` yet. */
  dueForReminder(kind: 'trial' | 'active', from: Date, to: Date, reminder: string): Promise<SubscriptionRecord[]>;
  markReminderSent(userId: string, reminder: string): Promise<boolean>;
  countsByStatus(now: Date): Promise<{ active: number; trial: number }>;
  planDistribution(now: Date): Promise<{ plan: string; count: number }[]>;
  recentSubscribers(limit: number): Promise<SubscriptionRecord[]>;
}

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
}

export interface OrderStore {
  create(
    order: Pick<OrderRecord, 'merchantOrderId' | 'userId' | 'userEmail' | 'plan' | 'billingPeriod' | 'amount' | 'amountPaise' | 'expireAt'>,
  ): Promise<OrderRecord>;
  find(merchantOrderId: string): Promise<OrderRecord | null>;
  update(merchantOrderId: string, changes: Partial<OrderRecord>): Promise<OrderRecord | null>;
  hasPending(userId: string, now: Date): Promise<boolean>;
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

export interface PlanStore {
  all(): Promise<PlanEntry[]>;
  find(name: string): Promise<PlanEntry | null>;
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

export interface UserProfile {
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
  personalInfo: PersonalInfo | null;
}

export interface UserDirectory {
  /** null when auth does not know the user. */
  profile(userId: string): Promise<UserProfile | null>;
}

export interface MailSender {
  send(message: {
    to: string;
    subject: string;
    text: string;
    attachments?: { filename: string; content: Buffer; contentType: string }[];
  }): Promise<void>;
}

/** Serialises check-then-write sequences on one key across instances. */
export type Lock = <T>(key: string, work: () => Promise<T>, options?: { waitMs?: number }) => Promise<T>;

/** Once-only steps (a trial, an order's credit) are claimed in the store, whatever the lock did. */
export type Claims = Pick<SingleUseClaims, 'claim' | 'release'>;

export interface BillingProfileStore {
  find(userId: string): Promise<BillingProfile | null>;
  save(userId: string, profile: BillingProfile): Promise<BillingProfile>;
  delete(userId: string): Promise<void>;
}

/** The seller as the settings give it; `demo` when the embedded placeholders stand in for it. */
export interface Seller {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  stateName: string;
  sac: string;
  ratePercent: number;
  invoicePrefix: string;
  creditNotePrefix: string;
  demo: boolean;
}

/**
 * A tax invoice as issued (CGST Rule 46): every figure and both parties are copied in, so it reads
 * the same however the settings, the plan or the buyer's profile change later.
 */
export interface InvoiceRecord {
  number: string;
  series: string;
  sequence: number;
  issuedAt: Date;
  merchantOrderId: string;
  userId: string;
  phonePeTransactionId: string | null;
  seller: Omit<Seller, 'invoicePrefix' | 'creditNotePrefix' | 'sac' | 'ratePercent'>;
  buyer: { name: string; email: string; address: string | null; stateCode: string | null; stateName: string | null; gstin: string | null };
  placeOfSupply: { code: string; name: string };
  sac: string;
  ratePercent: number;
  plan: PlanName;
  billingPeriod: BillingPeriod;
  periodFrom: Date;
  periodTo: Date;
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export type InvoiceDraft = Omit<InvoiceRecord, 'number' | 'series' | 'sequence'>;

/** The paid order an invoice is issued for. */
export interface InvoicedOrder {
  merchantOrderId: string;
  userId: string;
  userEmail: string;
  plan: PlanName;
  billingPeriod: BillingPeriod;
  amountPaise: number;
  phonePeTransactionId: string | null;
}

/** The completed refund a credit note is issued for. */
export interface CreditedRefund {
  merchantRefundId: string;
  phonepeRefundId: string | null;
  amountPaise: number;
  reason: string;
}

export interface InvoiceStore {
  findForOrder(merchantOrderId: string): Promise<InvoiceRecord | null>;
  /**
   * Stores the draft under the next number of `series`, gapless and unique across replicas;
   * `numberOf` spells a sequence. Answers the order's existing invoice if it has one.
   */
  issue(draft: InvoiceDraft, series: string, numberOf: (sequence: number) => string): Promise<InvoiceRecord>;
  forUser(userId: string): Promise<InvoiceRecord[]>;
  issuedBetween(from: Date, to: Date): Promise<InvoiceRecord[]>;
  /** A deleted user's invoices stay, as the law keeps them, but no longer point at the account. */
  detachUser(userId: string): Promise<number>;
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

/**
 * A credit note for a completed refund (CGST s.34): it cites the original invoice and carries the
 * refunded amount split the same way, with both parties copied from the invoice.
 */
export interface CreditNoteRecord extends Omit<InvoiceRecord, 'periodFrom' | 'periodTo' | 'phonePeTransactionId'> {
  merchantRefundId: string;
  phonepeRefundId: string | null;
  invoiceNumber: string;
  invoiceDate: Date;
  /** The original invoice's total: GSTR-1 files a note by the kind of invoice it reduces. */
  invoiceTotalPaise: number;
  reason: string;
}

export type CreditNoteDraft = Omit<CreditNoteRecord, 'number' | 'series' | 'sequence'>;

export interface CreditNoteStore {
  findForRefund(merchantRefundId: string): Promise<CreditNoteRecord | null>;
  issue(draft: CreditNoteDraft, series: string, numberOf: (sequence: number) => string): Promise<CreditNoteRecord>;
  forUser(userId: string): Promise<CreditNoteRecord[]>;
  issuedBetween(from: Date, to: Date): Promise<CreditNoteRecord[]>;
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

/** A machine the desktop app runs on, activated against the plan's device limit. */
export interface ActivationRecord {
  userId: string;
  deviceId: string;
  deviceName: string;
  os: string;
  appVersion: string;
  active: boolean;
  activatedAt: Date;
  lastSeenAt: Date;
}

export interface ActivationStore {
  find(userId: string, deviceId: string): Promise<ActivationRecord | null>;
  active(userId: string): Promise<ActivationRecord[]>;
  /** Activates (again) or refreshes one machine's record. */
  save(record: ActivationRecord): Promise<ActivationRecord>;
  /** false when the device was not active. */
  deactivate(userId: string, deviceId: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<void>;
}

export interface LicenseSigner {
  /** Adds iss, aud, jti, iat, nbf and exp. */
  sign(claims: Omit<LicenseClaims, 'iss' | 'aud' | 'jti' | 'iat' | 'nbf' | 'exp'>, issuedAt: Date, expiresAt: Date): Promise<string>;
  jwks(): Promise<{ keys: Record<string, unknown>[] }>;
}
