import { PLAN_CHANGE_MESSAGES, planChangeKind, type BillingPeriod, type PlanChangeQuote, type PricedPlan } from '@portal/contracts';
import { badRequest, notFound } from '@portal/platform/errors';
import type { Lock } from '../../shared/ports';
import { priceOf } from './plan-catalogue';
import { quotePlanChange, runningPlan, type Quote } from './plan-change';
import type { PlanStore, SubscriptionStore } from './ports';
import { subscriptionLockKey } from './status.use-cases';
import type { subscriptionLedger } from './subscription-ledger.use-cases';

export interface PlanChangeDeps {
  subscriptions: SubscriptionStore;
  plans: PlanStore;
  ledger: ReturnType<typeof subscriptionLedger>;
  lock: Lock;
  now?: () => Date;
}

const toWire = (plan: PricedPlan, billingPeriod: BillingPeriod, quote: Quote): PlanChangeQuote => ({
  kind: quote.kind,
  plan,
  billingPeriod,
  price: quote.pricePaise / 100,
  credit: quote.creditPaise / 100,
  amountDue: quote.amountDuePaise / 100,
  startsAt: quote.startsAt.toISOString(),
  endsAt: quote.endsAt.toISOString(),
  freeDays: quote.freeDays,
  summary: quote.summary,
});

/** Choosing another plan (issue #27 §2): what it would do, and the switches scheduled for a renewal. */
export function planChangeUseCases({ subscriptions, plans, ledger, lock, now = () => new Date() }: PlanChangeDeps) {
  /** The quote for the customer's plan now, in paise; what a checkout charges and credits. */
  async function quote(userId: string, plan: PricedPlan, billingPeriod: BillingPeriod): Promise<Quote> {
    const entry = await plans.find(plan);
    if (!entry) throw badRequest('Choose one of the plans: basic, professional or business');
    const subscription = await subscriptions.find(userId);
    // only an upgrade reads the periods, for the value it credits
    const upgrade = planChangeKind(runningPlan(subscription, now()), plan, billingPeriod) === 'upgrade';
    const periods = upgrade ? await ledger.periodsOf(userId, subscription) : [];
    const current = subscription ? await plans.find(subscription.plan) : null;
    return quotePlanChange({
      subscription,
      periods,
      plan,
      title: entry.title,
      currentTitle: current?.title ?? subscription?.plan ?? null,
      billingPeriod,
      pricePaise: priceOf(entry, billingPeriod).paise,
      now: now(),
    });
  }

  return {
    quote,

    async preview(userId: string, plan: PricedPlan, billingPeriod: BillingPeriod): Promise<PlanChangeQuote> {
      return toWire(plan, billingPeriod, await quote(userId, plan, billingPeriod));
    },

    /** A lower plan or shorter period, for the renewal: nothing is charged now. */
    async scheduleSwitch(userId: string, plan: PricedPlan, billingPeriod: BillingPeriod) {
      return lock(subscriptionLockKey(userId), async () => {
        const planned = await quote(userId, plan, billingPeriod);
        if (planned.kind === 'buy') throw badRequest(PLAN_CHANGE_MESSAGES.noPlan);
        if (planned.kind !== 'switch') throw badRequest(PLAN_CHANGE_MESSAGES.onlyLower);
        const saved = await subscriptions.save(userId, { scheduledSwitch: { plan, billingPeriod } });
        return {
          success: true as const,
          message: PLAN_CHANGE_MESSAGES.switchScheduled,
          scheduledSwitch: { plan, billingPeriod, at: (saved.subscriptionEndDate ?? now()).toISOString() },
        };
      });
    },

    async cancelSwitch(userId: string) {
      return lock(subscriptionLockKey(userId), async () => {
        const current = await subscriptions.find(userId);
        if (!current?.scheduledSwitch) throw notFound(PLAN_CHANGE_MESSAGES.noSwitch);
        await subscriptions.save(userId, { scheduledSwitch: null });
        return { success: true as const, message: PLAN_CHANGE_MESSAGES.switchCancelled };
      });
    },
  };
}
