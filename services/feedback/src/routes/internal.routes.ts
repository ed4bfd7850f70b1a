import { Router } from 'express';
import { z } from 'zod';
import { objectIdSchema } from '@portal/contracts';
import type { FeedbackAccountData } from '@portal/contracts/internal';
import { requireService, validate } from '@portal/platform';
import type { feedbackUseCases } from '../domain/feedback.use-cases';

const userParams = z.object({ userId: objectIdSchema('Malformed user id') });

/** A person's feedback for the download of their data (admin-reporting); service credential only. */
export function internalRoutes(feedback: ReturnType<typeof feedbackUseCases>, serviceSecret: string): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));
  router.get('/internal/users/:userId/account-data', validate('params', userParams), async (req, res) => {
    const answer: FeedbackAccountData = { feedback: await feedback.mine(req.params.userId) };
    res.json(answer);
  });
  return router;
}
