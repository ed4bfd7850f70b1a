import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { requireService } from '@portal/platform';
import { TEST_SERVICE_SECRET } from './auth-harness';

/**
 * billing stubbed at its HTTP boundary for auth's firm tests: GET /internal/firms/:firmId/seats
 * answers what the test set for the firm (one seat and no paid period by default), behind the
 * same service credential billing requires.
 */
export async function startBillingSeatsStub() {
  const seats = new Map<string, { seats: number; paidUntil: string | null }>();
  const app = express();
  app.use('/internal', requireService(TEST_SERVICE_SECRET));
  app.get('/internal/firms/:firmId/seats', (req, res) => {
    res.json(seats.get(req.params.firmId) ?? { seats: 1, paidUntil: null });
  });
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (firmId: string, count: number, paidUntil: Date | null = null) =>
      seats.set(firmId, { seats: count, paidUntil: paidUntil?.toISOString() ?? null }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
