import { z } from 'zod';
import { BILLING_PERIODS, PRICED_PLANS } from './plan-names';
import { PROMOTION_CODE_PATTERN, PROMOTION_MESSAGES } from './promotion-rules';

/** What a customer or an admin typed, as the code it names. */
export const promotionCodeSchema = z
  .string({ error: PROMOTION_MESSAGES.code })
  .transform((typed) => typed.replace(/\s+/g, '').toUpperCase())
  .refine((code) => PROMOTION_CODE_PATTERN.test(code), PROMOTION_MESSAGES.code);

const limit = z.number({ error: PROMOTION_MESSAGES.limit }).int(PROMOTION_MESSAGES.limit).min(1, PROMOTION_MESSAGES.limit).max(1_000_000);

/** POST /api/admin/promotions: amounts in rupees, as every amount of the API. */
export const createPromotionSchema = z.object({
  code: promotionCodeSchema,
  discount: z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('percent'),
        percent: z
          .number({ error: PROMOTION_MESSAGES.percent })
          .int(PROMOTION_MESSAGES.percent)
          .min(1)
          .max(100, PROMOTION_MESSAGES.percent),
      }),
      z.object({
        kind: z.literal('amount'),
        amount: z
          .number({ error: PROMOTION_MESSAGES.amount })
          .min(1, PROMOTION_MESSAGES.amount)
          .max(10_00_000, PROMOTION_MESSAGES.amount)
          .refine((rupees) => Number.isInteger(Math.round(rupees * 100 * 1e6) / 1e6), PROMOTION_MESSAGES.amount),
      }),
    ],
    { error: 'The discount is a percentage or an amount off' },
  ),
  plans: z
    .array(z.enum(PRICED_PLANS, { error: PROMOTION_MESSAGES.plans }))
    .min(1, PROMOTION_MESSAGES.plans)
    .max(PRICED_PLANS.length)
    .default([...PRICED_PLANS]),
  billingPeriods: z
    .array(z.enum(BILLING_PERIODS, { error: PROMOTION_MESSAGES.periods }))
    .min(1, PROMOTION_MESSAGES.periods)
    .max(BILLING_PERIODS.length)
    .default([...BILLING_PERIODS]),
  firstPurchaseOnly: z.boolean({ error: 'firstPurchaseOnly must be true or false' }).default(false),
  /** How many orders may redeem it in all; none, no limit. */
  maxRedemptions: limit.nullable().default(null),
  /** How many of one customer's orders may redeem it. */
  perCustomerLimit: limit.default(1),
  /** A code for N periods takes its discount off the first payment and the N − 1 renewals that follow it. */
  forPeriods: z
    .number({ error: PROMOTION_MESSAGES.forPeriods })
    .int(PROMOTION_MESSAGES.forPeriods)
    .min(1, PROMOTION_MESSAGES.forPeriods)
    .max(36, PROMOTION_MESSAGES.forPeriods)
    .default(1),
  expiresAt: z.iso
    .datetime({ offset: true, error: PROMOTION_MESSAGES.expiry })
    .nullable()
    .default(null)
    .transform((value) => (value ? new Date(value) : null)),
});
export type CreatePromotion = z.infer<typeof createPromotionSchema>;
