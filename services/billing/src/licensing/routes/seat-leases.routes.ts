import { Router } from 'express';
import { z } from 'zod';
import {
  borrowRequestSchema,
  canManageFirm,
  leaseIdSchema,
  leaseReleaseSchema,
  leaseRequestSchema,
  objectIdSchema,
  SEAT_LEASE_ERRORS,
  SEAT_LEASE_MESSAGES,
  type SecurityEventInput,
} from '@portal/contracts';
import { forbidden, notFound } from '@portal/platform/errors';
import { requireAdmin, requireDesktop, validate, type SecurityLog, type TokenVerifier } from '@portal/platform';
import type { AccountGuards, WithAccount } from '../../shared/routes/billing-account';
import type { FirmDirectory } from '../../shared/ports';
import type { firmSeatUseCases } from '../domain/firm-seats.use-cases';
import type { SeatChange, seatLeaseUseCases } from '../domain/seat-leases.use-cases';

const leaseParams = z.object({ leaseId: leaseIdSchema });
const userParams = z.object({ id: objectIdSchema('Malformed user id') });
const userLease = userParams.extend({ leaseId: leaseIdSchema });

/** What the security log keeps of a seat's change: the firm, who did it, and which PC held the seat. */
const seatEntry = ({ lease, firmId }: SeatChange, reason: string, actor: string): SecurityEventInput => ({
  kind: 'seat-lease',
  outcome: 'success',
  subject: { type: 'firm', id: firmId },
  actor,
  reason,
  details: {
    leaseId: lease.id,
    holder: lease.email,
    deviceId: lease.deviceId,
    deviceName: lease.deviceName,
    kind: lease.kind,
    until: lease.expiresAt.toISOString(),
  },
});

/**
 * A firm's floating seats: the desktop app's checkout, heartbeat, borrow and release (its own
 * token), the firm's view for its people, and the customer's seats in the admin area.
 */
export function seatLeaseRoutes(
  { seats, firmSeats }: { seats: ReturnType<typeof seatLeaseUseCases>; firmSeats: ReturnType<typeof firmSeatUseCases> },
  {
    verifyToken,
    account,
    firms,
    securityLog,
  }: { verifyToken: TokenVerifier; account: AccountGuards; firms: FirmDirectory; securityLog: SecurityLog },
): Router {
  const router = Router();
  const desktop = requireDesktop(verifyToken);

  router.post('/api/licenses/leases', desktop, validate('body', leaseRequestSchema), async (req, res) => {
    const { email, firmId } = res.locals.auth;
    const { change, ...answer } = await seats.checkout(res.locals.auth, req.body).catch(async (refusal: unknown) => {
      const code = (refusal as { code?: string }).code;
      // a full office is what an owner asks about: who was turned away, from which PC
      if (code === SEAT_LEASE_ERRORS.seatsTaken && firmId)
        await securityLog({
          kind: 'seat-lease',
          outcome: 'failure',
          subject: { type: 'firm', id: firmId },
          actor: email,
          reason: code,
          details: { deviceId: req.body.deviceId },
        });
      throw refusal;
    });
    if (change) await securityLog(seatEntry(change, 'checked-out', email));
    res.status(change ? 201 : 200).json(answer);
  });

  router.post('/api/licenses/leases/heartbeat', desktop, validate('body', leaseRequestSchema), async (req, res) => {
    res.json(await seats.heartbeat(res.locals.auth, req.body));
  });

  router.post('/api/licenses/leases/borrow', desktop, validate('body', borrowRequestSchema), async (req, res) => {
    const { change, ...answer } = await seats.borrow(res.locals.auth, req.body);
    await securityLog(seatEntry(change, 'borrowed', res.locals.auth.email));
    res.status(201).json(answer);
  });

  router.post('/api/licenses/leases/release', desktop, validate('body', leaseReleaseSchema), async (req, res) => {
    const change = await seats.release(res.locals.auth, req.body.deviceId);
    if (change) await securityLog(seatEntry(change, 'released', res.locals.auth.email));
    res.json({ message: SEAT_LEASE_MESSAGES.released });
  });

  // the firm's owner and admins see every seat; a member sees the firm's too, and may give back their own
  router.get('/api/licenses/seats', ...account.see, async (_req, res) => {
    const { firm, id } = (res.locals as WithAccount).account;
    if (!firm) throw notFound(SEAT_LEASE_MESSAGES.noFirm);
    res.json(await firmSeats.firmSeats(id));
  });

  router.delete('/api/licenses/seats/:leaseId', ...account.see, validate('params', leaseParams), async (req, res) => {
    const { firm, id, email } = (res.locals as WithAccount).account;
    if (!firm) throw notFound(SEAT_LEASE_MESSAGES.noFirm);
    const held = await firmSeats.find(id, req.params.leaseId);
    if (!held) throw notFound(SEAT_LEASE_MESSAGES.leaseNotFound);
    if (!canManageFirm(firm.role) && held.userId !== res.locals.auth.userId) throw forbidden(SEAT_LEASE_MESSAGES.notYours);
    await securityLog(seatEntry(await firmSeats.free(id, req.params.leaseId), 'freed', email));
    res.json({ message: SEAT_LEASE_MESSAGES.freed });
  });

  /** The firms whose seats the admin sees with a person: those they own. */
  const ownedBy = async (userId: string) => (await firms.firmsOf(userId)).filter((firm) => firm.role === 'owner').map((firm) => firm.id);

  router.get('/api/admin/users/:id/seat-leases', requireAdmin(verifyToken, 'view'), validate('params', userParams), async (req, res) => {
    res.json({ leases: await firmSeats.heldFor(req.params.id, await ownedBy(req.params.id)) });
  });

  router.delete(
    '/api/admin/users/:id/seat-leases/:leaseId',
    requireAdmin(verifyToken, 'manage-users'),
    validate('params', userLease),
    async (req, res) => {
      const held = (await firmSeats.heldFor(req.params.id, await ownedBy(req.params.id))).find((lease) => lease.id === req.params.leaseId);
      if (!held) throw notFound(SEAT_LEASE_MESSAGES.leaseNotFound);
      await securityLog(seatEntry(await firmSeats.free(held.firmId, held.id), 'freed', res.locals.auth.email));
      res.json({ message: SEAT_LEASE_MESSAGES.freed });
    },
  );

  return router;
}
