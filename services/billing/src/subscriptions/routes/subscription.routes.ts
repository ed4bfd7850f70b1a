import { Router } from 'express';
import { cancelBodySchema, createOrderBodySchema, pcPackQuerySchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { AccountGuards } from '../../shared/routes/billing-account';
import type { cancellationUseCases } from '../domain/cancellation.use-cases';
import type { pcPackUseCases } from '../domain/pc-packs.use-cases';
import type { planChangeUseCases } from '../domain/plan-change.use-cases';
import type { statusUseCases } from '../domain/status.use-cases';
import type { subscriptionLedger } from '../domain/subscription-ledger.use-cases';

export interface SubscriptionUseCases {
  status: ReturnType<typeof statusUseCases>;
  changes: ReturnType<typeof planChangeUseCases>;
  cancellation: ReturnType<typeof cancellationUseCases>;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'periodViews'>;
  pcPacks: Pick<ReturnType<typeof pcPackUseCases>, 'view' | 'quote'>;
}

/** A person's subscription, or with `?firmId=` a firm's (billing-account.ts says who may do what). */
export function subscriptionRoutes(
  { status, changes, cancellation, ledger, pcPacks }: SubscriptionUseCases,
  verifyToken: TokenVerifier,
  account: AccountGuards,
): Router {
  const router = Router();

  router.get('/api/payment/plans', async (_req, res) => {
    res.json(await status.plans());
  });

  router.get('/api/subscription-status', ...account.readBy('subscriptions').see, async (_req, res) => {
    const { id, email, firm } = res.locals.account;
    res.json(await status.status(id, email, { personId: res.locals.auth.userId, firm }));
  });

  router.get('/api/subscription/periods', ...account.readBy('subscriptions').manage, async (_req, res) => {
    res.json({ periods: await ledger.periodViews(res.locals.account.id) });
  });

  // the packs of extra PCs on the plan, and what one would cost now
  router.get('/api/subscription/pc-packs', ...account.manage, async (_req, res) => {
    res.json(await pcPacks.view(res.locals.account));
  });

  router.get('/api/subscription/pc-packs/quote', ...account.manage, validate('query', pcPackQuerySchema), async (req, res) => {
    res.json(await pcPacks.quote(res.locals.account, req.query.pcs));
  });

  // a trial is a person's own, never a firm's
  router.post('/api/start-trial', requireUser(verifyToken), async (_req, res) => {
    res.json(await status.startTrial(res.locals.auth.userId, res.locals.auth.email));
  });

  // what choosing a plan would do, shown before paying
  router.get('/api/subscription/change', ...account.manage, validate('query', createOrderBodySchema), async (req, res) => {
    const { plan, billingPeriod, seats, taxYears, promotionCode } = req.query;
    res.json(await changes.preview(res.locals.account, plan, billingPeriod, { seats, taxYears, promotionCode }));
  });

  router.post('/api/subscription/scheduled-switch', ...account.manage, validate('body', createOrderBodySchema), async (req, res) => {
    const { plan, billingPeriod, seats } = req.body;
    res.json(await changes.scheduleSwitch(res.locals.account, plan, billingPeriod, seats));
  });

  router.delete('/api/subscription/scheduled-switch', ...account.manage, async (_req, res) => {
    res.json(await changes.cancelSwitch(res.locals.account.id));
  });

  router.post('/api/subscription/cancel', ...account.manage, validate('body', cancelBodySchema), async (req, res) => {
    res.json(await cancellation.cancel(res.locals.account.id, req.body.reason));
  });

  router.delete('/api/subscription/cancel', ...account.manage, async (_req, res) => {
    res.json(await cancellation.undo(res.locals.account.id));
  });

  return router;
}
