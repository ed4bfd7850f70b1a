import { Router } from 'express';
import { requireService, streamJsonLines, validate } from '@portal/platform';
import {
  internalConfirmDeletionBody,
  internalStatsQuery,
  internalUserDeleteQuery,
  internalUserIdParams,
  internalUserSearchQuery,
  USER_EXPORT_CONTENT_TYPE,
  type InternalStatsAnswer,
  type InternalUserSearchAnswer,
  type AuthAccountData,
} from '@portal/contracts/internal';
import type { AccountDeletionBody, PublicUser } from '@portal/contracts';
import type { directoryUseCases } from '../domain/directory.use-cases';

export interface AccountSelfService {
  /** Everything auth holds about the person, for their data export. */
  accountData(userId: string): Promise<AuthAccountData>;
  /** The identity check before the person's own deletion. */
  confirmDeletion(userId: string, confirmation: AccountDeletionBody, ip: string): Promise<void>;
}

/** The user directory for the other services; reached only with a service credential. */
export function internalRoutes(directory: ReturnType<typeof directoryUseCases>, self: AccountSelfService, serviceSecret: string): Router {
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

  router.get('/internal/users/:id/account-data', validate('params', internalUserIdParams), async (req, res) => {
    res.json(await self.accountData(req.params.id));
  });

  router.post(
    '/internal/users/:id/confirm-deletion',
    validate('params', internalUserIdParams),
    validate('body', internalConfirmDeletionBody),
    async (req, res) => {
      const { ip, ...confirmation } = req.body;
      await self.confirmDeletion(req.params.id, confirmation, ip);
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
