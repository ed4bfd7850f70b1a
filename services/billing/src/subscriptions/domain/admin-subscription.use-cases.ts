import { paiseOf, type AdminSubscriptionUpdate, type SubscriptionSummary, NO_PAISE } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { AuditPublisher } from '@portal/platform';
import type { Lock, UserDirectory } from '../../shared/ports';
import type { PlanStore, SubscriptionStore } from './ports';
import type { subscriptionLedger } from './subscription-ledger.use-cases';
import { summarize } from './subscription-terms';

export interface AdminSubscriptionDeps {
  subscriptions: SubscriptionStore;
  plans: PlanStore;
  users: UserDirectory;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'recordAdminChange'>;
  lock: Lock;
  audit: AuditPublisher;
  now?: () => Date;
}

export function adminSubscriptionUseCases({
  subscriptions,
  plans,
  users,
  ledger,
  lock,
  audit,
  now = () => new Date(),
}: AdminSubscriptionDeps) {
  return {
    /**
     * The admin sets plan and status freely (behaviour.md §4). For a trial the end date is also the trial's
     * end; legacy "business"/"professional" statuses are stored as active.
     */
    async updateSubscription(userId: string, update: AdminSubscriptionUpdate, adminEmail: string): Promise<SubscriptionSummary> {
      const profile = await users.profile(userId);
      if (!profile) throw notFound('No user with this id');
      const status =
        update.subscriptionStatus === 'business' || update.subscriptionStatus === 'professional' ? 'active' : update.subscriptionStatus;
      const planPricePaise =
        update.planPrice !== undefined
          ? paiseOf(update.planPrice)
          : ((await plans.find(update.subscriptionPlan))?.monthlyPricePaise ?? NO_PAISE);
      const after = await lock('subscription', userId, async () => {
        const current = await subscriptions.find(userId);
        const isTrial = status === 'trial';
        const saved = await subscriptions.save(userId, {
          email: profile.email,
          status,
          plan: update.subscriptionPlan,
          planPricePaise,
          subscriptionStartDate: update.subscriptionStartDate ?? null,
          subscriptionEndDate: update.subscriptionEndDate ?? null,
          // the admin's plan is a new one, whatever a refund ended before it
          endedByRefund: false,
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
          scheduledSwitch: null,
          graceUntil: null,
          renewalFailedAt: null,
          cancelAtPeriodEnd: null,
        });
        await ledger.recordAdminChange(userId, { email: adminEmail, saved });
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
  };
}
