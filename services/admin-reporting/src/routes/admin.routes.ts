import { Router } from 'express';
import { adminUsersQuerySchema, auditQuerySchema, istDateOf, objectIdSchema, type AdminAction } from '@portal/contracts';
import { csvInstant, requireAdmin, streamCsv, validate, type TokenVerifier } from '@portal/platform';
import { z } from 'zod';
import type { reportingUseCases } from '../domain/reporting.use-cases';

const userParams = z.object({ id: objectIdSchema('Malformed user id') });

const USER_COLUMNS = [
  'Email',
  'First Name',
  'Last Name',
  'Mobile',
  'City',
  'State',
  'Plan',
  'Status',
  'Days Remaining',
  'Created At',
  'Last Download',
  'Firms',
];

export function adminRoutes(reporting: ReturnType<typeof reportingUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const admin = (action: AdminAction) => requireAdmin(verifyToken, action);

  router.get('/api/admin/analytics', admin('view'), async (_req, res) => {
    res.json(await reporting.analytics());
  });

  router.get('/api/admin/users', admin('view'), validate('query', adminUsersQuerySchema), async (req, res) => {
    res.json(await reporting.listUsers(req.query));
  });

  router.get('/api/admin/users/:id/details', admin('view'), validate('params', userParams), async (req, res) => {
    res.json({ user: await reporting.userDetails(req.params.id) });
  });

  router.delete('/api/admin/users/:id', admin('manage-users'), validate('params', userParams), async (req, res) => {
    res.json(await reporting.deleteUser(req.params.id, res.locals.auth.email));
  });

  router.get('/api/admin/export/users', admin('export-people'), async (_req, res) => {
    await streamCsv(res, `users_${istDateOf(new Date())}.csv`, USER_COLUMNS, reporting.exportRows(), (row) => [
      row.email,
      row.firstName,
      row.lastName,
      row.personalInfo.mobileNumber,
      row.personalInfo.address?.city,
      row.personalInfo.address?.state,
      row.subscriptionPlan,
      row.subscriptionStatus,
      row.daysRemaining,
      csvInstant(row.createdAt),
      csvInstant(row.lastDownloadDate),
      row.firms?.map((firm) => `${firm.name} (${firm.role})`).join('; '),
    ]);
  });

  router.get('/api/admin/audit', admin('view'), validate('query', auditQuerySchema), async (req, res) => {
    const { page, limit } = req.query;
    res.json({ ...(await reporting.auditLog(page, limit)), page, limit });
  });

  return router;
}
