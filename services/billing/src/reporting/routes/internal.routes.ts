import { Router } from 'express';
import { requireService, validate } from '@portal/platform';
import {
  internalAnalyticsQuery,
  internalSubscriptionParams,
  internalSubscriptionsLookupBody,
  type BillingAccountData,
  type BillingAnalytics,
} from '@portal/contracts/internal';
import type { DeviceView } from '@portal/contracts';
import type { accountDataUseCases } from '../domain/account-data.use-cases';
import type { reportingUseCases } from '../domain/reporting.use-cases';

/** Subscriptions for the admin area, download and partners, a person's data for its download, their PCs; service credential only. */
export function internalRoutes(
  reporting: ReturnType<typeof reportingUseCases>,
  accountData: ReturnType<typeof accountDataUseCases>,
  devices: (userId: string) => Promise<DeviceView[]>,
  serviceSecret: string,
): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));

  router.get('/internal/users/:userId/account-data', validate('params', internalSubscriptionParams), async (req, res) => {
    const answer: BillingAccountData = await accountData.of(req.params.userId);
    res.json(answer);
  });

  router.post('/internal/subscriptions/lookup', validate('body', internalSubscriptionsLookupBody), async (req, res) => {
    res.json({ subscriptions: await reporting.summaries(req.body.userIds) });
  });

  // the PCs a partner's customer uses, for the partner area
  router.get('/internal/users/:userId/devices', validate('params', internalSubscriptionParams), async (req, res) => {
    res.json({ devices: await devices(req.params.userId) });
  });

  router.get('/internal/subscriptions/:userId', validate('params', internalSubscriptionParams), async (req, res) => {
    res.json({ subscription: await reporting.entitlement(req.params.userId) });
  });

  router.get('/internal/analytics', validate('query', internalAnalyticsQuery), async (req, res) => {
    const answer: BillingAnalytics = await reporting.analytics(req.query.days);
    res.json(answer);
  });

  return router;
}
