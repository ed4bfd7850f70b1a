import {
  DAY_MS,
  TRIAL_DAYS,
  rupeesOf,
  type BillingPeriod,
  type SubscriptionSummary,
  NO_PAISE,
  taxYearEnds,
  taxYearBeginningAt,
  taxYearTerm,
  type Paise,
} from '@portal/contracts';
import type { SubscriptionRecord } from './ports';

/*
 * A subscription's terms: whether the trial or a plan runs now (the status a user has), and the
 * term a purchase, a renewal or an upgrade adds after it.
 */

export type EffectiveStatus = SubscriptionSummary['subscriptionStatus'];

/** Whole days until `end`, rounded up, never negative. */
export function daysRemaining(end: Date | null, now: Date): number {
  if (!end) return 0;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** Where a paid plan's access ends: its paid end, or later while a renewal is in its grace period. */
export function accessEnd(subscription: Pick<SubscriptionRecord, 'subscriptionEndDate' | 'graceUntil'>): Date | null {
  const { subscriptionEndDate: end, graceUntil } = subscription;
  return end && graceUntil && graceUntil > end ? graceUntil : end;
}

/** Until when a record gives access now: the trial's end, or the plan's with its grace; null when it gives none. */
export function accessUntil(subscription: SubscriptionRecord | null, now: Date): Date | null {
  const status = effectiveStatus(subscription, now);
  if (status === 'trial') return subscription?.trialEnd ?? null;
  return status === 'active' && subscription ? accessEnd(subscription) : null;
}

/**
 * The status a user has right now. An ended trial or plan is expired even before the expiry job
 * has written it; an end the admin left empty never ends; a renewal's grace keeps the plan active.
 */
export function effectiveStatus(subscription: SubscriptionRecord | null, now: Date): EffectiveStatus {
  if (!subscription) return 'none';
  const ended = (end: Date | null) => end !== null && end.getTime() <= now.getTime();
  switch (subscription.status) {
    case 'trial':
      return ended(subscription.trialEnd) ? 'expired' : 'trial';
    case 'active':
      return ended(accessEnd(subscription)) ? 'expired' : 'active';
    default:
      return subscription.status;
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function summarize(userId: string, subscription: SubscriptionRecord | null, now: Date): SubscriptionSummary {
  const status = effectiveStatus(subscription, now);
  const hasUsedTrial = subscription?.hasUsedTrial ?? false;
  const end = status === 'trial' ? (subscription?.trialEnd ?? null) : status === 'active' && subscription ? accessEnd(subscription) : null;
  return {
    userId,
    subscriptionStatus: status,
    subscriptionPlan: subscription?.plan ?? 'none',
    planPrice: rupeesOf(subscription?.planPricePaise ?? NO_PAISE),
    billingPeriod: subscription?.billingPeriod ?? null,
    trialStart: iso(subscription?.trialStart ?? null),
    trialEnd: iso(subscription?.trialEnd ?? null),
    subscriptionStartDate: iso(subscription?.subscriptionStartDate ?? null),
    subscriptionEndDate: iso(subscription?.subscriptionEndDate ?? null),
    daysRemaining: daysRemaining(end, now),
    hasUsedTrial,
    canStartTrial: status === 'none' && !hasUsedTrial,
    canDownload: status === 'trial' || status === 'active',
    isTrialActive: status === 'trial',
    seats: subscription?.seats ?? 1,
  };
}

/** Calendar months, so a monthly plan bought on 31 January ends on the last day of February or 3 March as JS dates do. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** How long a term runs: calendar months from its start, or whole tax years that end on a 31 March. */
export type TermLength = { months: number } | { taxYears: number };

/** The length a billing period buys: a month, twelve, or the tax years chosen (one when none were). */
export const termLengthOf = (billingPeriod: BillingPeriod, taxYears: number | null = null): TermLength =>
  billingPeriod === 'tax-year' ? { taxYears: taxYears ?? 1 } : { months: billingPeriod === 'annual' ? 12 : 1 };

/**
 * Where a term whose paid time begins at `paidFrom` ends: its months later, or on the 31 March
 * that closes its last tax year. A renewal's `paidFrom` is the end it follows (31 March,
 * 23:59:59.999), so its first year is the one that begins a millisecond later.
 */
export function termEnd(paidFrom: Date, length: TermLength): Date {
  if ('months' in length) return addMonths(paidFrom, length.months);
  return taxYearEnds(taxYearBeginningAt(paidFrom) + length.taxYears - 1);
}

/**
 * What one seat's term costs (pure): a month or a year at its price; tax years at the annual price,
 * the first prorated by its days from the day the paid time begins (taxYearTerm), so a renewal
 * from a 31 March end pays whole years and a purchase mid-year pays for the days left.
 */
export function termPricePaise(periodPricePaise: Paise, length: TermLength, paidFrom: Date, now: Date): Paise {
  if ('months' in length) return periodPricePaise;
  return taxYearTerm({ annualPricePaise: periodPricePaise, at: now, taxYears: length.taxYears, runningEnd: paidFrom }).pricePaise;
}

/**
 * Whether a first plan carries the trial's free month: a person who never had the trial, as the
 * plan cards promise. A firm's never does: the trial is each person's own (docs/decisions/0033).
 */
export const freeMonthFor = (current: SubscriptionRecord | null, firm: boolean) => !firm && !current?.hasUsedTrial;

/**
 * The term a purchase or renewal adds (pure): after the plan or trial running now. A renewal starts
 * at the current end; a trial's days left are the free start of the first plan, which begins now;
 * with `freeMonth` the trial's 30 days come on top.
 */
export function nextTerm(current: SubscriptionRecord | null, length: TermLength, now: Date, freeMonth: boolean) {
  const status = effectiveStatus(current, now);
  const runningEnd = status === 'active' ? current?.subscriptionEndDate : status === 'trial' ? current?.trialEnd : null;
  // a plan in its renewal grace is renewed from its paid end, as Stripe keeps the billing anchor
  const start = runningEnd && (runningEnd > now || status === 'active') ? runningEnd : now;
  const firstPlanFreeMs = freeMonth ? TRIAL_DAYS * DAY_MS : 0;
  const paidFrom = new Date(start.getTime() + firstPlanFreeMs);
  return {
    from: status === 'trial' ? now : start,
    /** Where the invoice's service begins. */
    start,
    paidFrom,
    // months count from the start, so a month bought on the 31st ends as JS dates do, the free days on top
    to: 'months' in length ? new Date(addMonths(start, length.months).getTime() + firstPlanFreeMs) : termEnd(paidFrom, length),
  };
}

/** An upgrade's term (pure): now, the free days carried over, the plan's length, and the days its extra credit bought. */
export function upgradeTerm(freeMs: number, length: TermLength, extraDays: number, now: Date) {
  const paidFrom = new Date(now.getTime() + freeMs);
  return { paidFrom, to: new Date(termEnd(paidFrom, length).getTime() + extraDays * DAY_MS) };
}
