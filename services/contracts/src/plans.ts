import { z } from 'zod';
import { BILLING_PERIODS, PLAN_NAMES, PRICED_PLANS } from './plan-names';

export * from './plan-names';
export const planNameSchema = z.enum(PLAN_NAMES);
export const pricedPlanSchema = z.enum(PRICED_PLANS);
export const billingPeriodSchema = z.enum(BILLING_PERIODS);

export const planSchema = z.object({
  name: z.string(),
  monthlyPrice: z.number(),
  annualPrice: z.number(),
  annualOriginal: z.number(),
  features: z.array(z.string()),
  /** The terms the plan is sold for. */
  terms: z.array(billingPeriodSchema),
  /** With a tax-year term: the year running now, where it ends, and how many years may be bought today. */
  taxYear: z.object({ label: z.string(), endsAt: z.string(), years: z.array(z.number().int()) }).optional(),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/payment/plans answers a map keyed by plan. */
export const plansResponseSchema = z.record(z.string(), planSchema);
export type PlansResponse = z.infer<typeof plansResponseSchema>;
