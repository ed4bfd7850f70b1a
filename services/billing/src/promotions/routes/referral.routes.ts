import { Router } from 'express';
import { referralClaimSchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { AccountGuards } from '../../shared/routes/billing-account';
import type { referralUseCases } from '../domain/referral.use-cases';

/** The admin's list shows the newest credits given, as many as a page holds. */
const CREDITS_LISTED = 200;

/** Referrals: the customer's link and credit, a referral counted, and the credits the admin sees given. */
export function referralRoutes(referrals: ReturnType<typeof referralUseCases>, verifyToken: TokenVerifier, account: AccountGuards): Router {
  const router = Router();

  router.get('/api/billing/referral', ...account.manage, async (_req, res) => {
    res.json(await referrals.view(res.locals.account));
  });

  router.post('/api/billing/referral/claim', ...account.manage, validate('body', referralClaimSchema), async (req, res) => {
    res.status(201).json(await referrals.claim(res.locals.account, res.locals.auth.userId, req.body.code));
  });

  router.get('/api/admin/referral-credits', requireAdmin(verifyToken, 'view'), async (_req, res) => {
    res.json({ credits: await referrals.creditsGiven(CREDITS_LISTED) });
  });

  return router;
}
