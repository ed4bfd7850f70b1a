import type { BillingPeriod, PlanName, SubscriptionState } from '@portal/contracts';
import type { PlanEntry } from './plan-catalogue';

export interface SubscriptionRecord {
  userId: string;
  email: string;
  status: SubscriptionState;
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

export interface PlanStore {
  all(): Promise<PlanEntry[]>;
  find(name: string): Promise<PlanEntry | null>;
}
