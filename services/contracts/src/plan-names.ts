// The plans' names and how people read them, apart from the schemas, so that a page can show them
// without shipping zod.

/** Every plan value the system knows (behaviour.md §1). */
export const PLAN_NAMES = ['none', 'trial', 'basic', 'professional', 'business', 'pro', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** The three priced cards; professional is flagged 'Most Popular'. */
export const PRICED_PLANS = ['basic', 'professional', 'business'] as const;
export type PricedPlan = (typeof PRICED_PLANS)[number];

/** A month, a year from the day of payment, or tax years that end on a 31 March (tax-years.ts). */
export const BILLING_PERIODS = ['monthly', 'annual', 'tax-year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const isPricedPlan = (value: unknown): value is PricedPlan => PRICED_PLANS.some((plan) => plan === value);
export const isBillingPeriod = (value: unknown): value is BillingPeriod => BILLING_PERIODS.some((period) => period === value);

/** A plan's name as people read it: "Professional". */
export const planTitle = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

/** Any plan value in words, the two that are not plans included: "No plan", "Free trial", "Professional". */
export const planLabel = (plan: string | null | undefined) =>
  !plan || plan === 'none' ? 'No plan' : plan === 'trial' ? 'Free trial' : planTitle(plan);

const PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', annual: 'Annual', 'tax-year': 'Tax year' };

/** "Monthly", "Annual", "Tax year", or "—" for a plan without a period (a trial, an admin's plan). */
export const billingPeriodLabel = (period: string | null | undefined) => (isBillingPeriod(period) ? PERIOD_LABELS[period] : '—');

/** A period inside a sentence: "monthly", "annual", "tax year" (anything else as it is). */
export const billingPeriodWords = (period: string) => (isBillingPeriod(period) ? PERIOD_LABELS[period].toLowerCase() : period);

const BILLED: Record<BillingPeriod, string> = { monthly: 'billed monthly', annual: 'billed annually', 'tax-year': 'billed by tax year' };

/** How a plan is billed, as a receipt says it: "billed annually". */
export const billedLabel = (period: BillingPeriod) => BILLED[period];

/** Annual billing saves 20% on twelve monthly payments (behaviour.md §9). */
export const ANNUAL_DISCOUNT = 0.2;
