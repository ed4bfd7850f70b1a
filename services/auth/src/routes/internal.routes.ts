import { Router } from 'express';
import { requireService, streamJsonLines, validate } from '@portal/platform';
import {
  internalConfirmDeletionBody,
  internalFirmParams,
  internalFirmsQuery,
  internalUserFirmsLookupBody,
  internalStatsQuery,
  internalUserDeleteQuery,
  internalUserIdParams,
  internalUserSearchQuery,
  USER_EXPORT_CONTENT_TYPE,
  type FirmMembersChangedEvent,
  type InternalFirmsAnswer,
  type InternalUserFirmsLookupAnswer,
  type InternalUserFirmsAnswer,
  type InternalStatsAnswer,
  type InternalUserSearchAnswer,
  type AuthAccountData,
} from '@portal/contracts/internal';
import type { PublicUser } from '@portal/contracts';
import type { accountSecurityUseCases } from '../domain/account-security.use-cases';
import type { directoryUseCases } from '../domain/directory.use-cases';
import type { firmUseCases } from '../domain/firm.use-cases';

/** The user directory for the other services; reached only with a service credential. */
export function internalRoutes(
  directory: ReturnType<typeof directoryUseCases>,
  security: ReturnType<typeof accountSecurityUseCases>,
  firms: Pick<ReturnType<typeof firmUseCases>, 'firmsOf' | 'adminPage' | 'firmsOfMany'>,
  firmState: (firmId: string) => Promise<FirmMembersChangedEvent>,
  serviceSecret: string,
): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));

  router.get('/internal/users', validate('query', internalUserSearchQuery), async (req, res) => {
    const answer: InternalUserSearchAnswer = await directory.search(req.query);
    res.json(answer);
  });

  router.get('/internal/users/stats', validate('query', internalStatsQuery), async (req, res) => {
    const answer: InternalStatsAnswer = await directory.stats(req.query.days);
    res.json(answer);
  });

  router.get('/internal/users/export', async (_req, res) => {
    await streamJsonLines(res, USER_EXPORT_CONTENT_TYPE, directory.exportAll());
  });

  router.get('/internal/users/:id', validate('params', internalUserIdParams), async (req, res) => {
    const user: PublicUser = await directory.get(req.params.id);
    res.json({ user });
  });

  router.post('/internal/users/firms/lookup', validate('body', internalUserFirmsLookupBody), async (req, res) => {
    const answer: InternalUserFirmsLookupAnswer = await firms.firmsOfMany(req.body.userIds);
    res.json(answer);
  });

  router.get('/internal/users/:id/account-data', validate('params', internalUserIdParams), async (req, res) => {
    const firmsOf = async (userId: string) => (await firms.firmsOf(userId)).firms.map(({ id, name, role }) => ({ id, name, role }));
    const answer: AuthAccountData = await security.accountData(req.params.id, firmsOf);
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

  router.post(
    '/internal/users/:id/confirm-deletion',
    validate('params', internalUserIdParams),
    validate('body', internalConfirmDeletionBody),
    async (req, res) => {
      const { ip, ...confirmation } = req.body;
      await security.confirmDeletion(req.params.id, confirmation, ip);
      res.status(204).end();
    },
  );

  router.delete(
    '/internal/users/:id',
    validate('params', internalUserIdParams),
    validate('query', internalUserDeleteQuery),
    async (req, res) => {
      await directory.delete(req.params.id, { notify: req.query.notify === 'true' });
      res.json({ deleted: true });
    },
  );

  return router;
}
