import { timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { ProviderStatus } from '@portal/contracts';

/** MSG91's delivery report codes: 1 delivered; failed, NDNC, rejected, blocked and the like undelivered. */
const REPORT_STATUSES: Record<string, ProviderStatus> = {
  '1': 'delivered',
  '2': 'undelivered',
  '9': 'undelivered',
  '16': 'undelivered',
  '17': 'undelivered',
  '25': 'undelivered',
  '26': 'undelivered',
};

const reportBody = z.object({
  data: z
    .array(
      z.object({ requestId: z.string().max(100), report: z.array(z.object({ status: z.coerce.string().max(4) }).loose()).max(10) }).loose(),
    )
    .max(1000),
});

const sameKey = (given: unknown, expected: string) =>
  typeof given === 'string' && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * The SMS gateway's delivery reports (MSG91's webhook: each request id with its numbers' statuses),
 * at an address that carries a key of ours, as the gateway signs nothing.
 */
export function smsReportRoutes(providerReported: (id: string, status: ProviderStatus) => Promise<void>, reportKey: string): Router {
  const router = Router();
  router.post('/api/notifications/sms/report', async (req, res) => {
    if (!sameKey(req.query.key, reportKey)) return res.sendStatus(401);
    const parsed = reportBody.safeParse(req.body);
    if (!parsed.success) return res.sendStatus(400);
    for (const { requestId, report } of parsed.data.data) {
      const status = report.map((line) => REPORT_STATUSES[line.status]).find(Boolean);
      if (status) await providerReported(requestId, status);
    }
    return res.sendStatus(200);
  });
  return router;
}
