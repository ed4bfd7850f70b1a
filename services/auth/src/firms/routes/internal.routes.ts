import { Router } from 'express';
import { requireService, validate } from '@portal/platform';
import {
  internalFirmParams,
  internalFirmsQuery,
  internalUserFirmsLookupBody,
  internalUserIdParams,
  type FirmMembersChangedEvent,
  type InternalFirmsAnswer,
  type InternalUserFirmsLookupAnswer,
  type InternalUserFirmsAnswer,
} from '@portal/contracts/internal';
import type { firmUseCases } from '../domain/firm.use-cases';

/** The firms and their people for the other services; reached only with a service credential. */
export function internalFirmRoutes(
  firms: Pick<ReturnType<typeof firmUseCases>, 'firmsOf' | 'adminPage' | 'firmsOfMany'>,
  firmState: (firmId: string) => Promise<FirmMembersChangedEvent>,
  serviceSecret: string,
): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));

  router.post('/internal/users/firms/lookup', validate('body', internalUserFirmsLookupBody), async (req, res) => {
    const answer: InternalUserFirmsLookupAnswer = await firms.firmsOfMany(req.body.userIds);
    res.json(answer);
  });

  router.get('/internal/users/:id/firms', validate('params', internalUserIdParams), async (req, res) => {
    const answer: InternalUserFirmsAnswer = await firms.firmsOf(req.params.id);
    res.json(answer);
  });

  router.get('/internal/firms/:firmId/state', validate('params', internalFirmParams), async (req, res) => {
    res.json(await firmState(req.params.firmId as string));
  });

  router.get('/internal/firms', validate('query', internalFirmsQuery), async (req, res) => {
    const answer: InternalFirmsAnswer = await firms.adminPage(req.query.page, req.query.limit);
    res.json(answer);
  });

  return router;
}
