import { PRICED_PLANS, type BillingPeriod, type PricedPlan } from './plan-names';
import type { AppliedPromotion } from './promotion-rules';
import type { SubscriptionStatus } from './subscription';

/**
 * What choosing a plan card does for the customer's current plan:
 * - `buy`: no paid plan running (none, trial, expired): a first or new plan;
 * - `renew`: the same plan and period, added after the current end;
 * - `upgrade`: a higher tier, or the same tier from monthly to annual; at once, with the unused
 *   value of the current plan credited;
 * - `switch`: a lower tier, or annual to monthly; scheduled for the current end, nothing charged.
 */
export const PLAN_CHANGE_KINDS = ['buy', 'renew', 'upgrade', 'switch'] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

const tierOf = (plan: string) => PRICED_PLANS.indexOf(plan as PricedPlan);

/**
 * A month ranks below a year; a year from the day of payment and tax years to 31 March rank alike,
 * so moving between them waits for the renewal, as a move to a shorter period does.
 */
const PERIOD_RANK: Record<BillingPeriod, number> = { monthly: 0, annual: 1, 'tax-year': 1 };

/** The customer's paid plan, when one is running. */
export interface RunningPlan {
  plan: string;
  billingPeriod: BillingPeriod | null;
  /** A firm's seats; one when absent. */
  seats?: number;
}

/**
 * The plan and period decide first; on the same plan and period, more seats are an upgrade at
 * once (prorated) and fewer a switch at renewal, as Chargebee and Stripe treat quantities.
 */
export function planChangeKind(running: RunningPlan | null, plan: PricedPlan, billingPeriod: BillingPeriod, seats = 1): PlanChangeKind {
  // a plan the cards do not sell (an admin's legacy "pro") ranks below them all
  if (!running) return 'buy';
  const from = tierOf(running.plan);
  const to = tierOf(plan);
  if (to > from) return 'upgrade';
  if (to < from) return 'switch';
  // an admin may set a plan without a period: treat it as monthly, the shorter
  const current = running.billingPeriod ?? 'monthly';
  if (current !== billingPeriod) return PERIOD_RANK[billingPeriod] > PERIOD_RANK[current] ? 'upgrade' : 'switch';
  const had = running.seats ?? 1;
  return seats > had ? 'upgrade' : seats < had ? 'switch' : 'renew';
}

/** The button of a plan card for a paying customer. */
export const PLAN_CHANGE_BUTTONS: Record<PlanChangeKind, string> = {
  buy: 'Subscribe',
  renew: 'Renew',
  upgrade: 'Upgrade',
  switch: 'Switch at renewal',
};

export const PLAN_CHANGE_MESSAGES = {
  inProgress: 'Another change to your plan is in progress. Wait for it to finish, then try again.',
  termNotOffered: 'This plan is not sold for that term. Choose another term.',
  switchNotPaid: 'This plan starts at your renewal and is not paid now. Schedule the switch instead.',
  onlyLower: 'Only a lower plan or a shorter period can be scheduled for your renewal.',
  noPlan: 'You have no paid plan running, so there is nothing to switch at renewal.',
  noSwitch: 'No switch is scheduled.',
  switchScheduled: 'The switch is scheduled for your renewal.',
  switchCancelled: 'The scheduled switch is cancelled. Your plan stays as it is.',
  upgraded: 'Your plan is upgraded.',
} as const;

/** A plan that takes over at the current end (`at`, ISO), chosen by the customer and not yet paid. */
export type ScheduledSwitch = NonNullable<SubscriptionStatus['scheduledSwitch']>;

/**
 * What choosing a plan would do, shown before paying (GET /api/subscription/change): amounts in
 * rupees with paise, dates as ISO instants.
 */
export interface PlanChangeQuote {
  kind: PlanChangeKind;
  plan: PricedPlan;
  billingPeriod: BillingPeriod;
  /** A tax-year term's years. */
  taxYears?: number;
  /** How many seats, and the price of one for the period. */
  seats: number;
  unitPrice: number;
  /** The plan's price for the period, for every seat. */
  price: number;
  /** What each renewal by UPI Autopay would debit: the price, or a whole tax year's after a tax-year term's first. */
  renewalPrice: number;
  /** The unused value of the current plan, credited against the price (upgrades only). */
  credit: number;
  /** What is paid now: the price less the credit, never below zero. */
  amountDue: number;
  /** When the new plan starts. */
  startsAt: string;
  /** When the customer's plan will end after the change. */
  endsAt: string;
  /** Days added free: the first paid plan's month, or the trial's days left. */
  freeDays: number;
  /** Sentences for the confirmation: what happens and when, and what the customer keeps. */
  summary: string[];
  /** A promotion code's discount; `amountDue` is then the discounted amount. */
  promotion?: AppliedPromotion;
}
