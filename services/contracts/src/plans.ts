import { z } from 'zod';

/** Every plan value the system knows (behaviour.md §1). */
export const PLAN_NAMES = ['none', 'trial', 'basic', 'professional', 'business', 'pro', 'enterprise'] as const;
export const planNameSchema = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof planNameSchema>;

/** The three priced cards; professional is flagged 'Most Popular'. */
export const PRICED_PLANS = ['basic', 'professional', 'business'] as const;
export const pricedPlanSchema = z.enum(PRICED_PLANS);
export type PricedPlan = z.infer<typeof pricedPlanSchema>;

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export const billingPeriodSchema = z.enum(BILLING_PERIODS);
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

/** A plan's name as people read it: "Professional". */
export const planTitle = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

/** Any plan value in words, the two that are not plans included: "No plan", "Free trial", "Professional". */
export const planLabel = (plan: string | null | undefined) =>
  !plan || plan === 'none' ? 'No plan' : plan === 'trial' ? 'Free trial' : planTitle(plan);

/** "Monthly", "Annual", or "—" for a plan without a period (a trial, an admin's plan). */
export const billingPeriodLabel = (period: string | null | undefined) =>
  period === 'annual' ? 'Annual' : period === 'monthly' ? 'Monthly' : '—';

/** Annual billing saves 20% on twelve monthly payments (behaviour.md §9). */
export const ANNUAL_DISCOUNT = 0.2;

export const planSchema = z.object({
  name: z.string(),
  monthlyPrice: z.number(),
  annualPrice: z.number(),
  annualOriginal: z.number(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/payment/plans answers a map keyed by plan. */
export const plansResponseSchema = z.record(z.string(), planSchema);
export type PlansResponse = z.infer<typeof plansResponseSchema>;
