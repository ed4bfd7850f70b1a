import { Router } from 'express';
import { gstReportQuerySchema } from '@portal/contracts';
import { requireAdmin, streamCsv, validate, type TokenVerifier } from '@portal/platform';
import type { taxReportUseCases } from '../domain/tax-report.use-cases';

/** `GET /api/admin/export/gst?month=2026-11&section=b2b`: one GSTR-1 section as CSV, named for the filing. */
export function taxReportRoutes(reports: ReturnType<typeof taxReportUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.get(
    '/api/admin/export/gst',
    requireAdmin(verifyToken, 'export-billing'),
    validate('query', gstReportQuerySchema),
    async (req, res) => {
      const query = req.query;
      const { columns, rows } = await reports.gstr1(query);
      await streamCsv(res, `gstr1_${query.section}_${query.month}.csv`, columns, rows, (row) => row);
    },
  );
  return router;
}
