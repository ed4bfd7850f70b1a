import { DAY_MS, TRIAL_DAYS, TRIAL_MESSAGES, type SubscriptionStatus, type SubscriptionSummary, NO_PAISE } from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import { conflict } from '@portal/platform/errors';
import type { BillingAccount, Claims, Lock, UserDirectory } from '../../shared/ports';
import { toPlan } from './plan-catalogue';
import type { FirmEntitlement } from './firm-entitlement';
import type { AutoRenewals, PendingPayments, PlanStore, ShownSubscriptions, SubscriptionRecord, SubscriptionStore } from './ports';
import { summarize } from './subscription-terms';

export interface StatusDeps {
  subscriptions: SubscriptionStore & ShownSubscriptions;
  /** The firm plan a member draws on when their own gives no access. */
  firmPlanOf: FirmEntitlement;
  orders: PendingPayments;
  autoRenewals: AutoRenewals;
  plans: PlanStore;
  users: UserDirectory;
  lock: Lock;
  claims: Claims;
  /** From this day (MM-DD) to 31 March, a plan sold by tax year offers the next year too. */
  nextTaxYearOnSaleFrom?: string;
  now?: () => Date;
}

export function statusUseCases(deps: StatusDeps) {
  return {
    /** The plans on offer, as the plan cards show them. */
    async plans() {
      const entries = await deps.plans.all();
      const now = clockFrom(deps)();
      return Object.fromEntries(entries.map((entry) => [entry.name, toPlan(entry, now, deps.nextTaxYearOnSaleFrom)]));
    },
    status: (userId: string, email: string, options?: { personId?: string; firm?: BillingAccount['firm'] }) =>
      statusOf(deps, userId, email, options),
    startTrial: (userId: string, email: string) => startTrial(deps, userId, email),
  };
}

/** The status object of behaviour.md §3: subscription from billing, names and details from auth. */
async function statusOf(
  { subscriptions, firmPlanOf, orders, autoRenewals, plans, users, now = () => new Date() }: StatusDeps,
  userId: string,
  email: string,
  { personId = userId, firm = null }: { personId?: string; firm?: BillingAccount['firm'] } = {},
): Promise<SubscriptionStatus> {
  const at = now();
  const [subscription, profile, paymentRequested] = await Promise.all([
    subscriptions.shownFor(userId),
    // the names are the signed-in person's, whoever's plan it is
    users.profile(personId),
    orders.hasPending(userId, at),
  ]);
  const summary = summarize(userId, subscription, at);
  // a member without a plan of their own works on their firm's (a firm's own status is its plan)
  const drawn = !firm && !summary.canDownload ? await firmPlanOf(personId) : null;
  const firmSummary = drawn ? summarize(drawn.firm.id, drawn.subscription, at) : null;
  const paidRunning = summary.subscriptionStatus === 'active' && subscription?.subscriptionEndDate ? subscription : null;
  return {
    email: profile?.email ?? email,
    subscriptionStatus: summary.subscriptionStatus,
    subscriptionPlan: summary.subscriptionPlan,
    planPrice: summary.planPrice,
    trialStart: summary.trialStart,
    trialEnd: summary.trialEnd,
    daysRemaining: summary.daysRemaining,
    isTrialActive: summary.isTrialActive,
    canDownload: summary.canDownload || Boolean(firmSummary?.canDownload),
    canStartTrial: !firm && summary.canStartTrial,
    hasUsedTrial: summary.hasUsedTrial,
    paymentRequested,
    isAdmin: false,
    features: await featuresOf(plans, summary.subscriptionPlan, summary.subscriptionStatus),
    usage: usageOf(summary, subscription),
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    picture: profile?.picture ?? null,
    personalInfo: (profile?.personalInfo as Record<string, unknown> | null) ?? null,
    subscriptionEndDate: summary.subscriptionEndDate,
    billingPeriod: summary.billingPeriod as SubscriptionStatus['billingPeriod'],
    scheduledSwitch:
      summary.subscriptionStatus === 'active' && subscription?.scheduledSwitch && summary.subscriptionEndDate
        ? { ...subscription.scheduledSwitch, at: summary.subscriptionEndDate }
        : null,
    seats: subscription?.seats ?? 1,
    firmPlan: drawn && firmSummary ? firmPlanView(drawn, firmSummary) : null,
    firm: firm ? { id: firm.id, name: firm.name, role: firm.role } : null,
    autoRenew: await autoRenewals.autoRenewOf(userId, subscription, at),
    ...endingsOf(paidRunning),
  };
}

/** Once per user, only from "none": two simultaneous calls start exactly one trial. */
async function startTrial({ subscriptions, lock, claims, now = () => new Date() }: StatusDeps, userId: string, email: string) {
  return lock('subscription', userId, async () => {
    const at = now();
    const current = summarize(userId, await subscriptions.find(userId), at);
    if (!current.canStartTrial) throw conflict(current.hasUsedTrial ? TRIAL_MESSAGES.alreadyUsed : TRIAL_MESSAGES.alreadySubscribed);
    // once per account, even if the lock above was lost to a stalled holder
    const started = await claims.once(`trial:${userId}`, userId, () =>
      subscriptions.save(userId, {
        email,
        status: 'trial',
        plan: 'trial',
        planPricePaise: NO_PAISE,
        billingPeriod: null,
        trialStart: at,
        trialEnd: new Date(at.getTime() + TRIAL_DAYS * DAY_MS),
        hasUsedTrial: true,
      }),
    );
    if (!started.claimed) throw conflict(TRIAL_MESSAGES.alreadyUsed);
    const saved = started.value;
    return { success: true, message: TRIAL_MESSAGES.started, subscription: summarize(userId, saved, at) };
  });
}

/** What the plan entitles: the paid plan's features; a trial gets Professional's. */
async function featuresOf(plans: PlanStore, plan: string, status: string): Promise<string[]> {
  if (status !== 'trial' && status !== 'active') return [];
  const entry = await plans.find(status === 'trial' ? 'professional' : plan);
  return entry?.features ?? [];
}

/** How much of the running trial or plan is used, for the dashboard's bar; nothing without access. */
function usageOf(summary: SubscriptionSummary, subscription: SubscriptionRecord | null): SubscriptionStatus['usage'] {
  if (!summary.canDownload) return {};
  const start = summary.isTrialActive ? subscription?.trialStart : subscription?.subscriptionStartDate;
  const end = summary.isTrialActive ? subscription?.trialEnd : subscription?.subscriptionEndDate;
  const periodDays = start && end ? Math.round((end.getTime() - start.getTime()) / DAY_MS) : 0;
  return { periodDays, daysUsed: Math.max(0, periodDays - summary.daysRemaining) };
}

/** The firm's plan a member works on, as their status names it. */
function firmPlanView(
  drawn: NonNullable<Awaited<ReturnType<FirmEntitlement>>>,
  firmSummary: SubscriptionSummary,
): NonNullable<SubscriptionStatus['firmPlan']> {
  return {
    id: drawn.firm.id,
    name: drawn.firm.name,
    managedBy: drawn.firm.managedBy,
    plan: firmSummary.subscriptionPlan,
    seats: drawn.subscription.seats,
    endsAt: firmSummary.subscriptionEndDate,
  };
}

/** How a running paid plan may end: a failed renewal in its grace, or a cancellation at its end. */
function endingsOf(paidRunning: SubscriptionRecord | null): Pick<SubscriptionStatus, 'renewalFailure' | 'cancellation'> {
  return {
    renewalFailure:
      paidRunning?.renewalFailedAt && paidRunning.graceUntil
        ? { failedAt: paidRunning.renewalFailedAt.toISOString(), graceUntil: paidRunning.graceUntil.toISOString() }
        : null,
    cancellation:
      paidRunning?.cancelAtPeriodEnd && paidRunning.subscriptionEndDate
        ? {
            at: paidRunning.cancelAtPeriodEnd.at.toISOString(),
            reason: paidRunning.cancelAtPeriodEnd.reason,
            endsAt: paidRunning.subscriptionEndDate.toISOString(),
          }
        : null,
  };
}
