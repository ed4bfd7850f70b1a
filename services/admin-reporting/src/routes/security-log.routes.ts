import { Router } from 'express';
import { istDateOf, securityLogExportQuerySchema } from '@portal/contracts';
import { csvInstant, requireAdmin, streamCsv, validate, type TokenVerifier } from '@portal/platform';
import type { securityLogUseCases } from '../domain/security-log.use-cases';

const COLUMNS = [
  'Time (UTC)',
  'Time (IST)',
  'Event',
  'Outcome',
  'Reason',
  'Subject',
  'Actor',
  'Address',
  'User Agent',
  'Request ID',
  'Service',
  'Details',
];

/** An owner's export of the security log: one person's entries, or one window of IST days, as CSV. */
export function securityLogRoutes(security: ReturnType<typeof securityLogUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.get(
    '/api/admin/export/security-log',
    requireAdmin(verifyToken, 'export-security-log'),
    validate('query', securityLogExportQuerySchema),
    async (req, res) => {
      await streamCsv(res, `security-log_${istDateOf(new Date())}.csv`, COLUMNS, security.entries(req.query), (entry) => [
        entry.at,
        csvInstant(entry.at),
        entry.kind,
        entry.outcome,
        entry.reason,
        [entry.subject.type, entry.subject.label ?? entry.subject.id].filter(Boolean).join(' '),
        entry.actor,
        entry.address,
        entry.userAgent,
        entry.requestId,
        entry.service,
        entry.details === undefined ? null : JSON.stringify(entry.details),
      ]);
    },
  );
  return router;
}
