import {
  DAY_MS,
  formatIndianDate,
  planChangeKind,
  type BillingPeriod,
  type DiscountSource,
  type PlanChangeKind,
  type PricedPlan,
  formatPaise,
  type Paise,
  asPaise,
  NO_PAISE,
  sumPaise,
  paiseLeft,
  FIRM_MESSAGES,
  TAX_YEAR_MESSAGES,
  billingPeriodWords,
  taxYearBeginningAt,
  taxYearsFrom,
  taxYearsLabel,
} from '@portal/contracts';
import { badRequest, conflict } from '@portal/platform/errors';
import type { BillingAccount } from '../../shared/ports';
import { isLive, unusedValue } from './periods';
import type { PeriodRecord, PlanChangeTerms, PromotionPrice, SubscriptionRecord } from './ports';
import {
  effectiveStatus,
  freeMonthFor,
  nextTerm,
  termEnd,
  termLengthOf,
  termPricePaise,
  upgradeTerm,
  type TermLength,
} from './subscription-terms';

/**
 * A person buys one seat; a firm buys one at least for each of its people, as Slack
 * and Keygen keep seats at or above the users, so nobody loses their seat by a purchase.
 */
export function assertSeatsFit(firm: BillingAccount['firm'], seats: number): void {
  if (!firm && seats > 1) throw badRequest(FIRM_MESSAGES.seatsNeedFirm);
  if (firm && seats < firm.members) throw conflict(FIRM_MESSAGES.seatsBelowMembers(firm.members));
}

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
  /** A tax-year term's years, the current one counting as the first; null for another period. */
  taxYears: number | null;
  /** The price of one seat for the period (a tax-year term's: a whole year), and how many seats are chosen. */
  unitPricePaise: Paise;
  seats: number;
  /** A firm's plan: its first has no free month. */
  firm: boolean;
  now: Date;
  /** A promotion code's price for a purchase or a renewal. */
  promotion?: { price(listPricePaise: Paise): PromotionPrice };
}

export interface Quote {
  kind: PlanChangeKind;
  seats: number;
  /** One seat's price for the term (a tax-year term's first year prorated by its days). */
  unitPricePaise: Paise;
  /** Every seat's price: what a new period costs. */
  pricePaise: Paise;
  /** What each renewal by UPI Autopay will cost: the price, or a whole tax year's for a tax-year term's prorated first year. */
  renewalPricePaise: Paise;
  creditPaise: Paise;
  amountDuePaise: Paise;
  startsAt: Date;
  endsAt: Date;
  freeDays: number;
  summary: string[];
  /** For an upgrade, what its order must carry to be credited as quoted. */
  terms: PlanChangeTerms | null;
  /** A promotion code's discount, when one applies. */
  promotion: PromotionPrice | null;
}

/** How a term reads after a plan's title: "monthly", "annual", "tax year 2026-27" (the years of a term that starts at `from`). */
function termWords(period: BillingPeriod, length: TermLength, from: Date): string {
  if ('months' in length) return period;
  return taxYearsLabel(taxYearsFrom(taxYearBeginningAt(from), length.taxYears)).replace(/^Tax/, 'tax');
}

/** What each kind of quote works out; the renewal's price is the same for all. */
type KindQuote = Omit<Quote, 'renewalPricePaise'>;

const label = (title: string, term: string | null, seats = 1) =>
  `${term ? `${title} (${term})` : title}${seats > 1 ? ` for ${seats} seats` : ''}`;

/** The customer's paid plan running now, if any. */
export function runningPlan(subscription: SubscriptionRecord | null, now: Date) {
  return effectiveStatus(subscription, now) === 'active' && subscription
    ? { plan: subscription.plan, billingPeriod: subscription.billingPeriod, seats: subscription.seats }
    : null;
}

/**
 * What choosing a plan would do, with its figures in exact paise (pure). An upgrade
 * credits the unused value of every period not yet over; when the credit covers the price, the new
 * period lengthens by what is left, at the new plan's daily rate (docs/decisions/0026).
 */
export function quotePlanChange(input: QuoteInput): Quote {
  const quote = { ...quoteFor(input), renewalPricePaise: asPaise(input.unitPricePaise * input.seats) };
  if (input.seats === 1) return quote;
  // a firm's confirmation shows the quantity and the total
  const [first = '', ...rest] = quote.summary;
  const quantity = `${input.seats} seats at ${formatPaise(quote.unitPricePaise)} each: ${formatPaise(quote.pricePaise)}.`;
  return { ...quote, summary: [first, quantity, ...rest] };
}

/**
 * What every kind of quote starts from: the term's length, and its price and name for a term
 * whose paid time begins at `paidFrom` (a tax-year term's first year is prorated from there).
 */
function basisOf(input: QuoteInput) {
  const length = termLengthOf(input.billingPeriod, input.taxYears);
  return {
    length,
    priced(paidFrom: Date) {
      const unitPricePaise = termPricePaise(input.unitPricePaise, length, paidFrom, input.now);
      return {
        pricePaise: asPaise(unitPricePaise * input.seats),
        quantity: { seats: input.seats, unitPricePaise },
        newPlan: label(input.title, termWords(input.billingPeriod, length, paidFrom), input.seats),
      };
    },
    currentEnd: input.subscription?.subscriptionEndDate ?? input.now,
  };
}
type Basis = ReturnType<typeof basisOf>;

const runsUntil = (date: Date) => `Your plan will run until ${formatIndianDate(date)}.`;

function quoteFor(input: QuoteInput): KindQuote {
  const kind = planChangeKind(runningPlan(input.subscription, input.now), input.plan, input.billingPeriod, input.seats);
  const basis = basisOf(input);
  if (kind === 'renew') return renewalQuote(input, basis);
  if (kind === 'switch') return switchQuote(input, basis);
  if (kind === 'buy') return purchaseQuote(input, basis);
  return upgradeQuote(input, basis);
}

/** The same plan again: it follows the current period, which is kept whole. */
function renewalQuote(input: QuoteInput, { length, priced, currentEnd }: Basis): KindQuote {
  const { subscription, now, firm } = input;
  const term = nextTerm(subscription, length, now, freeMonthFor(subscription, firm));
  const endsAt = term.to;
  const { pricePaise, quantity, newPlan } = priced(term.paidFrom);
  const due = dueWith(input.promotion, pricePaise);
  return {
    ...noCredit('renew', pricePaise, currentEnd, endsAt),
    ...quantity,
    ...due.figures,
    summary: [
      `Your ${newPlan} plan is renewed from ${formatIndianDate(currentEnd)}, when the current period ends.`,
      `${due.sentence} ${runsUntil(endsAt)}`,
      'You keep every day of your current period.',
    ],
  };
}

/** A lower plan: scheduled for the current period's end, nothing charged now. */
function switchQuote({ subscription, currentTitle }: QuoteInput, { length, priced, currentEnd }: Basis): KindQuote {
  const current = label(
    currentTitle ?? '',
    subscription?.billingPeriod ? billingPeriodWords(subscription.billingPeriod) : null,
    subscription?.seats,
  );
  const { pricePaise, quantity, newPlan } = priced(currentEnd);
  return {
    ...noCredit('switch', pricePaise, currentEnd, termEnd(currentEnd, length)),
    ...quantity,
    amountDuePaise: NO_PAISE,
    summary: [
      `Your ${current} plan stays until ${formatIndianDate(currentEnd)}. Then it switches to ${newPlan}, at ${formatPaise(pricePaise)}.`,
      'Nothing is charged now.',
      'You can cancel the switch until then.',
    ],
  };
}

/** A first plan, or one after the last has ended: it starts today, after any trial days left. */
function purchaseQuote(input: QuoteInput, { length, priced }: Basis): KindQuote {
  const { subscription, now, firm } = input;
  const status = effectiveStatus(subscription, now);
  const term = nextTerm(subscription, length, now, freeMonthFor(subscription, firm));
  const endsAt = term.to;
  const { pricePaise, quantity, newPlan } = priced(term.paidFrom);
  const freeDays = Math.floor((term.paidFrom.getTime() - term.from.getTime()) / DAY_MS);
  const due = dueWith(input.promotion, pricePaise);
  return {
    ...noCredit('buy', pricePaise, now, endsAt),
    ...quantity,
    ...due.figures,
    freeDays,
    summary: [
      `Your ${newPlan} plan starts today.`,
      ...(freeDays ? [status === 'trial' ? `Your ${freeDays} trial days left come first.` : `It begins with ${freeDays} days free.`] : []),
      `${due.sentence} ${runsUntil(endsAt)}`,
    ],
  };
}

/** A higher plan today: the unused value of every live period is credited against its price. */
function upgradeQuote({ periods, now }: QuoteInput, { length, priced }: Basis): KindQuote {
  const credits = periods
    .filter((period) => isLive(period))
    .map((period) => ({ period, ...unusedValue(period, now) }))
    .filter(({ paise, freeMs }) => paise > 0 || freeMs > 0)
    .map(({ period, paise, freeMs }) => ({ periodId: period.id, merchantOrderId: period.merchantOrderId, paise, freeMs }));
  const creditPaise = sumPaise(credits.map((credit) => credit.paise));
  const freeMs = credits.reduce((sum, credit) => sum + credit.freeMs, 0);
  const paidFrom = new Date(now.getTime() + freeMs);
  const { pricePaise, quantity, newPlan } = priced(paidFrom);
  const dueLeft = paiseLeft(pricePaise, creditPaise);
  const settledByCredit = dueLeft < MIN_CHARGE_PAISE;
  // a tax-year term ends on 31 March whatever the credit: one worth more asks for another year
  if (dueLeft < 0 && 'taxYears' in length) throw badRequest(TAX_YEAR_MESSAGES.creditBeyondTerm);
  const newDays = Math.round((termEnd(now, length).getTime() - now.getTime()) / DAY_MS);
  const extraDays = dueLeft < 0 ? Math.floor((-dueLeft * newDays) / pricePaise) : 0;
  const endsAt = upgradeTerm(freeMs, length, extraDays, now).to;
  const amountDuePaise = settledByCredit ? NO_PAISE : dueLeft;
  const freeDays = Math.floor(freeMs / DAY_MS);
  return {
    kind: 'upgrade',
    ...quantity,
    pricePaise,
    creditPaise,
    amountDuePaise,
    startsAt: now,
    endsAt,
    freeDays,
    terms: { kind: 'upgrade', valuePaise: settledByCredit ? creditPaise : pricePaise, credits, extraDays },
    promotion: null,
    summary: [
      `Your plan changes to ${newPlan} today.`,
      `The unused value of your current plan, ${formatPaise(creditPaise)}, is credited against the price of ${formatPaise(pricePaise)}, by a credit note.`,
      ...(extraDays ? [`The credit is more than the price, so your new plan runs ${extraDays} days longer.`] : []),
      `You pay ${formatPaise(amountDuePaise)} now. ${runsUntil(endsAt)}`,
      freeDays ? `You keep your ${freeDays} free days, before the new plan's term.` : 'You keep access without a break.',
    ],
  };
}

function noCredit(
  kind: PlanChangeKind,
  pricePaise: Paise,
  startsAt: Date,
  endsAt: Date,
): Omit<KindQuote, 'summary' | 'seats' | 'unitPricePaise'> {
  return {
    kind,
    pricePaise,
    creditPaise: NO_PAISE,
    amountDuePaise: pricePaise,
    startsAt,
    endsAt,
    freeDays: 0,
    terms: null,
    promotion: null,
  };
}

const discountNamed = (source: DiscountSource) =>
  source.kind === 'referral-credit'
    ? 'your referral credit'
    : `the code ${source.code}${source.period ? ` (period ${source.period.number} of ${source.period.of})` : ''}`;

/** What a purchase or a renewal costs now, with a discount when one applies. */
function dueWith(promotion: QuoteInput['promotion'], pricePaise: Paise) {
  const discounted = promotion?.price(pricePaise);
  if (!discounted) return { figures: {}, sentence: `You pay ${formatPaise(pricePaise)} now.` };
  return {
    figures: { amountDuePaise: discounted.amountDuePaise, promotion: discounted },
    sentence: `With ${discountNamed(discounted)}, you pay ${formatPaise(discounted.amountDuePaise)} now instead of ${formatPaise(pricePaise)}.`,
  };
}
