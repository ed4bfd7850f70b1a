import { Router } from 'express';
import { istDateOf, transactionsQuerySchema } from '@portal/contracts';
import { csvInstant, requireAdmin, streamCsv, validate, type TokenVerifier } from '@portal/platform';
import type { transactionsUseCases } from '../domain/transactions.use-cases';

const TRANSACTION_COLUMNS = [
  'Transaction ID',
  'PhonePe Transaction ID',
  'PhonePe Order ID',
  'User Email',
  'Amount (INR)',
  'Status',
  'Plan',
  'Billing Period',
  'Created At',
  'Invoice Number',
  'Taxable Value (INR)',
  'Tax (INR)',
  'Refunded (INR)',
  'Refund Status',
  'Firm',
  'Seats',
];
const money = (rupees: number | null) => (rupees === null ? '' : rupees.toFixed(2));

/** The admin's payments: a page of them, and all of a range as CSV. */
export function transactionsRoutes(admin: ReturnType<typeof transactionsUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();

  router.get('/api/admin/transactions', requireAdmin(verifyToken, 'view'), validate('query', transactionsQuerySchema), async (req, res) => {
    res.json(await admin.transactions(req.query));
  });

  router.get(
    '/api/admin/export/transactions',
    requireAdmin(verifyToken, 'export-billing'),
    validate('query', transactionsQuerySchema),
    async (req, res) => {
      const rows = admin.exportTransactions(req.query);
      await streamCsv(res, `transactions_${istDateOf(new Date())}.csv`, TRANSACTION_COLUMNS, rows, (row) => [
        row.transactionId,
        row.phonePeTransactionId,
        row.phonepeOrderId,
        row.userEmail,
        money(row.amount),
        row.status,
        row.subscriptionPlan,
        row.billingPeriod,
        csvInstant(row.createdAt),
        row.invoiceNumber,
        money(row.taxableValue),
        money(row.tax),
        money(row.refundedAmount),
        row.refundStatus,
        row.firm,
        row.seats,
      ]);
    },
  );

  return router;
}
