import {
  PLAN_CHANGE_MESSAGES,
  TAX_YEAR_MESSAGES,
  planChangeKind,
  type BillingPeriod,
  type PlanChangeQuote,
  type PricedPlan,
  rupeesOf,
  discountSourceOf,
} from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import { badRequest, notFound } from '@portal/platform/errors';
import type { BillingAccount, Lock } from '../../shared/ports';
import { assertSeatsFit, quotePlanChange, runningPlan, type Quote } from './plan-change';
import type { PricedEntry } from './plan-catalogue';
import type { PlanStore, PromotionOffers, PromotionScope, SubscriptionStore } from './ports';
import type { subscriptionLedger } from './subscription-ledger.use-cases';

/** A firm's quantity; a person buys one seat. A promotion code. */
export interface QuoteOptions {
  seats?: number | undefined;
  /** A tax-year term's years; only with billingPeriod "tax-year". */
  taxYears?: number | undefined;
  firm?: boolean;
  promotionCode?: string | undefined;
}
type PreviewOptions = Pick<QuoteOptions, 'seats' | 'taxYears' | 'promotionCode'>;
type Account = Pick<BillingAccount, 'id' | 'firm'>;

export interface PlanChangeDeps {
  subscriptions: SubscriptionStore;
  plans: PlanStore;
  ledger: ReturnType<typeof subscriptionLedger>;
  lock: Lock;
  /** The promotions capability's codes (filled by compose.ts); without it, no code applies. */
  offers?: PromotionOffers;
  now?: () => Date;
}

const toWire = (plan: PricedPlan, billingPeriod: BillingPeriod, taxYears: number | undefined, quote: Quote): PlanChangeQuote => ({
  kind: quote.kind,
  plan,
  billingPeriod,
  ...(billingPeriod === 'tax-year' && { taxYears: taxYears ?? 1 }),
  seats: quote.seats,
  unitPrice: rupeesOf(quote.unitPricePaise),
  price: rupeesOf(quote.pricePaise),
  renewalPrice: rupeesOf(quote.renewalPricePaise),
  credit: rupeesOf(quote.creditPaise),
  amountDue: rupeesOf(quote.amountDuePaise),
  startsAt: quote.startsAt.toISOString(),
  endsAt: quote.endsAt.toISOString(),
  freeDays: quote.freeDays,
  summary: quote.summary,
  ...(quote.promotion && {
    promotion: {
      ...discountSourceOf(quote.promotion),
      listPrice: rupeesOf(quote.promotion.listPricePaise),
      listTaxableValue: rupeesOf(quote.promotion.listTaxablePaise),
      discount: rupeesOf(quote.promotion.discountPaise),
      taxableValue: rupeesOf(quote.promotion.taxablePaise),
      amountDue: rupeesOf(quote.promotion.amountDuePaise),
    },
  }),
});

/** A typed code's offer, or without one what stands for a purchase or a renewal (a code's next period, a referral credit). */
async function offerFor(offers: PromotionOffers | undefined, typed: string | undefined, scope: PromotionScope) {
  if (!offers) return undefined;
  if (typed) return offers.typed(typed, scope);
  if (scope.kind !== 'buy' && scope.kind !== 'renew') return undefined;
  return (await offers.standing(scope)) ?? undefined;
}

/** A term the plan is sold for: its tax years (one unless chosen) for a tax-year term, null for another; a 400 otherwise. */
function soldTaxYears(entry: PricedEntry, billingPeriod: BillingPeriod, taxYears: number | undefined): number | null {
  if (!entry.terms.includes(billingPeriod)) throw badRequest(PLAN_CHANGE_MESSAGES.termNotOffered);
  if (billingPeriod === 'tax-year') return taxYears ?? 1;
  if (taxYears !== undefined) throw badRequest(TAX_YEAR_MESSAGES.yearsNeedTaxYearTerm);
  return null;
}

/** The quote for the customer's plan now, in paise; what a checkout charges and credits. */
async function quoteChange(
  { subscriptions, plans, ledger, offers }: PlanChangeDeps,
  now: Date,
  userId: string,
  plan: PricedPlan,
  billingPeriod: BillingPeriod,
  { seats = 1, taxYears, firm = false, promotionCode }: QuoteOptions = {},
): Promise<Quote> {
  const entry = await plans.find(plan);
  if (!entry) throw badRequest('Choose one of the plans: basic, professional or business');
  const years = soldTaxYears(entry, billingPeriod, taxYears);
  const subscription = await subscriptions.find(userId);
  const kind = planChangeKind(runningPlan(subscription, now), plan, billingPeriod, seats);
  // only an upgrade reads the periods, for the value it credits
  const periods = kind === 'upgrade' ? await ledger.periodsOf(userId, subscription) : [];
  const promotion = await offerFor(offers, promotionCode, { accountId: userId, plan, billingPeriod, kind });
  const current = subscription ? await plans.find(subscription.plan) : null;
  return quotePlanChange({
    subscription,
    periods,
    plan,
    title: entry.title,
    currentTitle: current?.title ?? subscription?.plan ?? null,
    billingPeriod,
    taxYears: years,
    unitPricePaise: entry.pricePaise[billingPeriod],
    seats,
    firm,
    now,
    promotion,
  });
}

/** Choosing another plan: what it would do, and the switches scheduled for a renewal. */
export function planChangeUseCases(deps: PlanChangeDeps) {
  const { subscriptions, lock } = deps;
  const now = clockFrom(deps);
  const quote = (userId: string, plan: PricedPlan, billingPeriod: BillingPeriod, options?: QuoteOptions) =>
    quoteChange(deps, now(), userId, plan, billingPeriod, options);

  return {
    quote,

    async preview(account: Account, plan: PricedPlan, billingPeriod: BillingPeriod, options: PreviewOptions = {}) {
      assertSeatsFit(account.firm, options.seats ?? 1);
      const quoted = await quote(account.id, plan, billingPeriod, { ...options, firm: account.firm !== null });
      return toWire(plan, billingPeriod, options.taxYears, quoted);
    },

    /** A lower plan, a shorter period or fewer seats, for the renewal: nothing is charged now. */
    async scheduleSwitch(account: Account, plan: PricedPlan, billingPeriod: BillingPeriod, seats = 1) {
      assertSeatsFit(account.firm, seats);
      const userId = account.id;
      return lock('subscription', userId, async () => {
        const planned = await quote(userId, plan, billingPeriod, { seats });
        if (planned.kind === 'buy') throw badRequest(PLAN_CHANGE_MESSAGES.noPlan);
        if (planned.kind !== 'switch') throw badRequest(PLAN_CHANGE_MESSAGES.onlyLower);
        const saved = await subscriptions.save(userId, { scheduledSwitch: { plan, billingPeriod, seats } });
        return {
          success: true as const,
          message: PLAN_CHANGE_MESSAGES.switchScheduled,
          scheduledSwitch: { plan, billingPeriod, seats, at: (saved.subscriptionEndDate ?? now()).toISOString() },
        };
      });
    },

    async cancelSwitch(userId: string) {
      return lock('subscription', userId, async () => {
        const current = await subscriptions.find(userId);
        if (!current?.scheduledSwitch) throw notFound(PLAN_CHANGE_MESSAGES.noSwitch);
        await subscriptions.save(userId, { scheduledSwitch: null });
        return { success: true as const, message: PLAN_CHANGE_MESSAGES.switchCancelled };
      });
    },
  };
}
