import {
  DAY_MS,
  istDateOf,
  istDayStart,
  TRANSACTIONS_DEFAULT_DAYS,
  type AdminSubscriptionUpdate,
  type Paged,
  type SubscriptionSummary,
  type TransactionRow,
  type TransactionsQuery,
} from '@portal/contracts';
import { badRequest, notFound } from '@portal/platform/errors';
import type { AuditPublisher } from '@portal/platform';
import type { Lock, OrderStore, PlanStore, SubscriptionStore, UserDirectory } from './ports';
import { subscriptionLockKey } from './status.use-cases';
import { summarize } from './subscription-status';

// Dates in the admin's filters are Indian calendar days (IST, UTC+05:30).

export interface AdminDeps {
  subscriptions: SubscriptionStore;
  orders: OrderStore;
  plans: PlanStore;
  users: UserDirectory;
  lock: Lock;
  audit: AuditPublisher;
  now?: () => Date;
}

/** [from, to) for the filters; without an end date, up to the end of today; without a start, the 30 days to the end. */
export function dateRange(query: Pick<TransactionsQuery, 'startDate' | 'endDate'>, now: Date): { from: Date; to: Date } {
  const to = new Date(istDayStart(query.endDate ?? istDateOf(now)).getTime() + DAY_MS);
  const from = query.startDate ? istDayStart(query.startDate) : new Date(to.getTime() - TRANSACTIONS_DEFAULT_DAYS * DAY_MS);
  if (from >= to) throw badRequest('The start date must be on or before the end date');
  return { from, to };
}

export function adminUseCases({ subscriptions, orders, plans, users, lock, audit, now = () => new Date() }: AdminDeps) {
  return {
    /**
     * The admin sets plan and status freely (spec §4). For a trial the end date is also the trial's
     * end; legacy "business"/"professional" statuses are stored as active.
     */
    async updateSubscription(userId: string, update: AdminSubscriptionUpdate, adminEmail: string): Promise<SubscriptionSummary> {
      const profile = await users.profile(userId);
      if (!profile) throw notFound('No user with this id');
      const status =
        update.subscriptionStatus === 'business' || update.subscriptionStatus === 'professional' ? 'active' : update.subscriptionStatus;
      const planPrice = update.planPrice ?? (await plans.find(update.subscriptionPlan))?.monthlyPrice ?? 0;
      const after = await lock(subscriptionLockKey(userId), async () => {
        const current = await subscriptions.find(userId);
        const isTrial = status === 'trial';
        const saved = await subscriptions.save(userId, {
          email: profile.email,
          status,
          plan: update.subscriptionPlan,
          planPrice,
          subscriptionStartDate: update.subscriptionStartDate ?? null,
          subscriptionEndDate: update.subscriptionEndDate ?? null,
          ...(isTrial
            ? {
                trialStart: update.subscriptionStartDate ?? current?.trialStart ?? now(),
                trialEnd: update.trialEnd ?? update.subscriptionEndDate ?? null,
              }
            : update.trialEnd
              ? { trialEnd: update.trialEnd }
              : {}),
          hasUsedTrial: isTrial || (current?.hasUsedTrial ?? false) || status !== 'none',
          remindersSent: [],
        });
        return { before: summarize(userId, current, now()), after: summarize(userId, saved, now()) };
      });
      await audit({
        actor: adminEmail,
        action: 'subscription.updated',
        target: { type: 'user', id: userId, label: profile.email },
        ...after,
      });
      return after.after;
    },

    async transactions(query: TransactionsQuery): Promise<{ transactions: TransactionRow[] } & Paged> {
      const { from, to } = dateRange(query, now());
      const { page, limit } = query;
      const { rows, total } = await orders.list({
        from,
        to,
        transactionId: query.transactionId || undefined,
        userId: query.userId,
        skip: (page - 1) * limit,
        limit,
      });
      return { transactions: rows, total, page, limit };
    },

    exportTransactions(query: TransactionsQuery): AsyncIterable<TransactionRow> {
      return orders.stream(dateRange(query, now()));
    },
  };
}
