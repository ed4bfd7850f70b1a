import {
  DAY_MS,
  formatIndianDate,
  formatRupees,
  planChangeKind,
  type BillingPeriod,
  type PlanChangeKind,
  type PricedPlan,
} from '@portal/contracts';
import { monthsOf, nextTerm, upgradeTerm } from './credit-order';
import { isLive, unusedValue } from './periods';
import type { PeriodRecord, PlanChangeTerms, SubscriptionRecord } from './ports';
import { addMonths, effectiveStatus } from './subscription-status';

/** PhonePe takes no payment under ₹1: an upgrade that leaves less to pay is settled by the credit alone. */
export const MIN_CHARGE_PAISE = 100;

export interface QuoteInput {
  subscription: SubscriptionRecord | null;
  periods: PeriodRecord[];
  plan: PricedPlan;
  /** The card's title, as the customer reads it ("Professional"). */
  title: string;
  /** The current plan's title, when one runs. */
  currentTitle: string | null;
  billingPeriod: BillingPeriod;
  pricePaise: number;
  now: Date;
}

export interface Quote {
  kind: PlanChangeKind;
  pricePaise: number;
  creditPaise: number;
  amountDuePaise: number;
  startsAt: Date;
  endsAt: Date;
  freeDays: number;
  summary: string[];
  /** For an upgrade, what its order must carry to be credited as quoted. */
  terms: PlanChangeTerms | null;
}

const rupees = (paise: number) => formatRupees(paise / 100);
const label = (title: string, period: BillingPeriod | null) => (period ? `${title} (${period})` : title);

/** The customer's paid plan running now, if any. */
export function runningPlan(subscription: SubscriptionRecord | null, now: Date) {
  return effectiveStatus(subscription, now) === 'active' && subscription
    ? { plan: subscription.plan, billingPeriod: subscription.billingPeriod }
    : null;
}

/**
 * What choosing a plan would do, with its figures in exact paise (pure; issue #27 §2). An upgrade
 * credits the unused value of every period not yet over; when the credit covers the price, the new
 * period lengthens by what is left, at the new plan's daily rate (docs/decisions.md, "Plan changes").
 */
export function quotePlanChange(input: QuoteInput): Quote {
  const { subscription, plan, title, billingPeriod, pricePaise, now } = input;
  const months = monthsOf(billingPeriod);
  const newPlan = label(title, billingPeriod);
  const kind = planChangeKind(runningPlan(subscription, now), plan, billingPeriod);
  const currentEnd = subscription?.subscriptionEndDate ?? now;
  const ends = (date: Date) => `Your plan will run until ${formatIndianDate(date)}.`;

  if (kind === 'renew') {
    const endsAt = nextTerm(subscription, months, now).to;
    return {
      ...noCredit(kind, pricePaise, currentEnd, endsAt),
      summary: [
        `Your ${newPlan} plan is renewed from ${formatIndianDate(currentEnd)}, when the current period ends.`,
        `You pay ${rupees(pricePaise)} now. ${ends(endsAt)}`,
        'You keep every day of your current period.',
      ],
    };
  }
  if (kind === 'switch') {
    const current = label(input.currentTitle ?? '', subscription?.billingPeriod ?? null);
    return {
      ...noCredit(kind, pricePaise, currentEnd, addMonths(currentEnd, months)),
      amountDuePaise: 0,
      summary: [
        `Your ${current} plan stays until ${formatIndianDate(currentEnd)}. Then it switches to ${newPlan}, at ${rupees(pricePaise)}.`,
        'Nothing is charged now.',
        'You can cancel the switch until then.',
      ],
    };
  }
  if (kind === 'buy') {
    const status = effectiveStatus(subscription, now);
    const term = nextTerm(subscription, months, now);
    const endsAt = term.to;
    const freeDays = Math.floor((term.paidFrom.getTime() - term.from.getTime()) / DAY_MS);
    return {
      ...noCredit(kind, pricePaise, now, endsAt),
      freeDays,
      summary: [
        `Your ${newPlan} plan starts today.`,
        ...(freeDays
          ? [status === 'trial' ? `Your ${freeDays} trial days left come first.` : `It begins with ${freeDays} days free.`]
          : []),
        `You pay ${rupees(pricePaise)} now. ${ends(endsAt)}`,
      ],
    };
  }

  const credits = input.periods
    .filter((period) => isLive(period))
    .map((period) => ({ period, ...unusedValue(period, now) }))
    .filter(({ paise, freeMs }) => paise > 0 || freeMs > 0)
    .map(({ period, paise, freeMs }) => ({ periodId: period.id, merchantOrderId: period.merchantOrderId, paise, freeMs }));
  const creditPaise = credits.reduce((sum, credit) => sum + credit.paise, 0);
  const freeMs = credits.reduce((sum, credit) => sum + credit.freeMs, 0);
  const dueLeft = pricePaise - creditPaise;
  const settledByCredit = dueLeft < MIN_CHARGE_PAISE;
  const newDays = Math.round((addMonths(now, months).getTime() - now.getTime()) / DAY_MS);
  const extraDays = dueLeft < 0 ? Math.floor((-dueLeft * newDays) / pricePaise) : 0;
  const endsAt = upgradeTerm(freeMs, months, extraDays, now).to;
  const amountDuePaise = settledByCredit ? 0 : dueLeft;
  const freeDays = Math.floor(freeMs / DAY_MS);
  return {
    kind,
    pricePaise,
    creditPaise,
    amountDuePaise,
    startsAt: now,
    endsAt,
    freeDays,
    terms: { kind: 'upgrade', valuePaise: settledByCredit ? creditPaise : pricePaise, credits, extraDays },
    summary: [
      `Your plan changes to ${newPlan} today.`,
      `The unused value of your current plan, ${rupees(creditPaise)}, is credited against the price of ${rupees(pricePaise)}, by a credit note.`,
      ...(extraDays ? [`The credit is more than the price, so your new plan runs ${extraDays} days longer.`] : []),
      `You pay ${rupees(amountDuePaise)} now. ${ends(endsAt)}`,
      freeDays ? `You keep your ${freeDays} free days, before the new plan's term.` : 'You keep access without a break.',
    ],
  };
}

function noCredit(kind: PlanChangeKind, pricePaise: number, startsAt: Date, endsAt: Date): Omit<Quote, 'summary'> {
  return { kind, pricePaise, creditPaise: 0, amountDuePaise: pricePaise, startsAt, endsAt, freeDays: 0, terms: null };
}
