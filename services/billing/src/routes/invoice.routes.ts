import { Router } from 'express';
import { z } from 'zod';
import { invoiceFileName, merchantOrderIdSchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { invoiceUseCases } from '../domain/invoice.use-cases';

const invoiceParams = z.object({ merchantOrderId: merchantOrderIdSchema });

/** The signed-in user's payments and their tax invoices; only their own. */
export function invoiceRoutes(invoices: ReturnType<typeof invoiceUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.use(['/api/billing/history', '/api/billing/invoices'], requireUser(verifyToken));

  router.get('/api/billing/history', async (req, res) => {
    res.json(await invoices.history(req.auth!.userId));
  });

  router.get('/api/billing/invoices/:merchantOrderId', validate('params', invoiceParams), async (req, res) => {
    const { number, pdf } = await invoices.pdf(req.auth!.userId, String(req.params.merchantOrderId));
    res
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="${invoiceFileName(number)}"`)
      .set('Cache-Control', 'private, no-store')
      .send(pdf);
  });

  return router;
}
