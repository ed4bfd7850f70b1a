import { Router } from 'express';
import { cancelBodySchema, createOrderBodySchema, type SubscriptionPeriodView } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { cancellationUseCases } from '../domain/cancellation.use-cases';
import type { PeriodStore } from '../domain/ports';
import type { planChangeUseCases } from '../domain/plan-change.use-cases';
import type { statusUseCases } from '../domain/status.use-cases';

export function subscriptionRoutes(
  status: ReturnType<typeof statusUseCases>,
  changes: ReturnType<typeof planChangeUseCases>,
  cancellation: ReturnType<typeof cancellationUseCases>,
  periods: Pick<PeriodStore, 'forUser'>,
  verifyToken: TokenVerifier,
): Router {
  const router = Router();
  const user = requireUser(verifyToken);

  router.get('/api/payment/plans', async (_req, res) => {
    res.json(await status.plans());
  });

  router.get('/api/subscription-status', user, async (req, res) => {
    res.json(await status.status(res.locals.auth.userId, res.locals.auth.email));
  });

  router.get('/api/subscription/periods', user, async (_req, res) => {
    const answer: SubscriptionPeriodView[] = (await periods.forUser(res.locals.auth.userId)).map((period) => ({
      plan: period.plan,
      billingPeriod: period.billingPeriod,
      from: period.from.toISOString(),
      to: period.to?.toISOString() ?? null,
      source: period.source,
      state: period.state,
      pricePaise: period.pricePaise,
      merchantOrderId: period.merchantOrderId,
    }));
    res.json({ periods: answer });
  });

  router.post('/api/start-trial', user, async (req, res) => {
    res.json(await status.startTrial(res.locals.auth.userId, res.locals.auth.email));
  });

  // what choosing a plan would do, shown before paying
  router.get('/api/subscription/change', user, validate('query', createOrderBodySchema), async (req, res) => {
    const { plan, billingPeriod } = req.query;
    res.json(await changes.preview(res.locals.auth.userId, plan, billingPeriod));
  });

  router.post('/api/subscription/scheduled-switch', user, validate('body', createOrderBodySchema), async (req, res) => {
    res.json(await changes.scheduleSwitch(res.locals.auth.userId, req.body.plan, req.body.billingPeriod));
  });

  router.delete('/api/subscription/scheduled-switch', user, async (req, res) => {
    res.json(await changes.cancelSwitch(res.locals.auth.userId));
  });

  router.post('/api/subscription/cancel', user, validate('body', cancelBodySchema), async (req, res) => {
    res.json(await cancellation.cancel(res.locals.auth.userId, req.body.reason));
  });

  router.delete('/api/subscription/cancel', user, async (req, res) => {
    res.json(await cancellation.undo(res.locals.auth.userId));
  });

  return router;
}
