import { Router } from 'express';
import { personParams, type PhoneRecord } from '@portal/contracts/internal';
import { requireService, validate } from '@portal/platform';
import type { phonesUseCases } from '../domain/phones.use-cases';

/** A person's number and their WhatsApp and SMS consent with its history, for the copy of their data admin-reporting assembles. */
export function phonesInternalRoutes(phones: ReturnType<typeof phonesUseCases>, serviceSecret: string): Router {
  const router = Router();
  router.get(
    '/internal/users/:userId/phone',
    requireService(serviceSecret, ['admin-reporting']),
    validate('params', personParams),
    async (req, res) => {
      const answer: PhoneRecord = await phones.record(req.params.userId as string);
      res.json(answer);
    },
  );
  return router;
}
