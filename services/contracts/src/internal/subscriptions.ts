import { z } from 'zod';
import { objectIdSchema } from '../ids';
import type { SubscriptionSummary } from '../billing';
import { SUBSCRIPTION_STATES } from '../subscription-state';
import { recurringFiguresSchema } from '../subscription-admin';
import { internalStatsQuery } from './users';

/** billing's /internal/*: subscriptions and the figures behind the admin's analytics. */

export const internalSubscriptionsLookupBody = z.object({ userIds: z.array(z.string().max(64)).max(1000) });
export const internalSubscriptionParams = z.object({ userId: objectIdSchema('Malformed user id') });
export const internalAnalyticsQuery = internalStatsQuery;

const isoOrNull = z.string().nullable();
export const subscriptionSummarySchema: z.ZodType<SubscriptionSummary> = z.object({
  userId: z.string(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATES),
  subscriptionPlan: z.string(),
  planPrice: z.number(),
  billingPeriod: z.string().nullable(),
  trialStart: isoOrNull,
  trialEnd: isoOrNull,
  subscriptionStartDate: isoOrNull,
  subscriptionEndDate: isoOrNull,
  daysRemaining: z.number(),
  hasUsedTrial: z.boolean(),
  canStartTrial: z.boolean(),
  canDownload: z.boolean(),
  isTrialActive: z.boolean(),
  firm: z.object({ id: z.string(), name: z.string(), managedBy: z.string() }).nullable().optional(),
  seats: z.number().int().min(1).optional(),
  lastTaxYear: z.number().int().nullable().optional(),
});

export const internalSubscriptionsAnswer = z.object({ subscriptions: z.array(subscriptionSummarySchema) });
export const internalSubscriptionAnswer = z.object({ subscription: subscriptionSummarySchema });

export const billingAnalyticsSchema = z.object({
  activeSubscriptions: z.number(),
  /** The seats the paid plans with access cover; absent from billing before seats. */
  paidSeats: z.number().optional(),
  trialUsers: z.number(),
  totalRevenue: z.number(),
  planDistribution: z.array(z.object({ plan: z.string(), count: z.number() })),
  recentSubscribers: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      subscriptionPlan: z.string(),
      subscriptionStartDate: isoOrNull,
      subscriptionEndDate: isoOrNull,
    }),
  ),
  revenuePerDay: z.array(z.object({ date: z.string(), amount: z.number() })),
  recurring: recurringFiguresSchema,
});
export type BillingAnalytics = z.infer<typeof billingAnalyticsSchema>;
