import {
  DAY_MS,
  HEARTBEAT_SECONDS,
  LICENSE_ERRORS,
  LICENSE_MESSAGES,
  type BorrowRequest,
  type LeaseRequest,
  type SeatLeaseResponse,
} from '@portal/contracts';
import { assertCurrentVersion } from './current-version';
import { entitlement, floatingFirm, licence, refused, type DesktopUser, type Entitlement, type LicensingDeps } from './entitlement';
import type { ActivationRecord, SeatLeaseRecord } from './ports';
import { leaseExpiry, leaseLost, notFloating, seatsTaken, toLeaseView } from './seat-leases';

/** What a seat change was, for the security log: the lease, and the firm it was on. */
export type SeatChange = { lease: SeatLeaseRecord; firmId: string };

/** The PC, activated for this person, the firm's entitlement it runs on, and that firm: floating, or 409. */
async function seatFor(deps: LicensingDeps, user: DesktopUser, deviceId: string, at: Date) {
  const machine = await deps.activations.find(user.userId, deviceId);
  if (!machine?.active) throw refused(LICENSE_ERRORS.deviceNotActivated, LICENSE_MESSAGES.deviceNotActivated);
  const onFirm = user.firmId ?? machine.firmId ?? null;
  const held = await entitlement(deps, user.userId, at, onFirm).catch(async (refusal: unknown) => {
    // a firm whose plan has ended keeps no seat for this PC
    if (onFirm) await deps.leases.free(onFirm, { deviceId });
    throw refusal;
  });
  const firmId = await floatingFirm(deps, held);
  if (!firmId) throw notFloating();
  return { machine, held, firmId };
}

async function answer(
  deps: LicensingDeps,
  user: DesktopUser,
  machine: ActivationRecord,
  held: Entitlement,
  lease: SeatLeaseRecord,
  at: Date,
) {
  const { license, expiresAt } = await licence(deps, user, machine, held, at, { lease });
  return { lease: toLeaseView(lease), license, expiresAt, heartbeatSeconds: HEARTBEAT_SECONDS } satisfies SeatLeaseResponse;
}

/** Takes a free seat for the PC, or keeps the one it holds; 409 with the holders when all are held. */
async function take(
  { leases }: Pick<LicensingDeps, 'leases'>,
  user: DesktopUser,
  machine: ActivationRecord,
  held: Entitlement,
  firmId: string,
  at: Date,
  until: Date,
  kind: SeatLeaseRecord['kind'],
) {
  const change = { kind, renewedAt: at, expiresAt: until };
  const own = await leases.ofDevice(firmId, machine.deviceId, at);
  if (own) {
    // the app started on a PC that borrowed its seat keeps the borrow
    if (own.kind === 'borrow' && kind === 'lease') return { lease: own, taken: false };
    return { lease: (await leases.renew(firmId, machine.deviceId, at, change)) ?? own, taken: false };
  }
  const lease = {
    userId: user.userId,
    email: user.email,
    deviceId: machine.deviceId,
    deviceName: machine.deviceName,
    since: at,
    ...change,
  };
  const taken = await leases.take(firmId, held.seats, lease, at);
  if (!taken) throw seatsTaken(held.seats, await leases.held(firmId, at));
  return { lease: taken, taken: true };
}

/**
 * A firm's floating seats, as the desktop app holds them: checked out when the app starts,
 * renewed by a heartbeat, released when it closes, or borrowed for days offline. Nothing but the
 * seats' unique slots decides between PCs asking at once.
 */
export function seatLeaseUseCases(deps: LicensingDeps) {
  const { leases, activations } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** The app starts: a seat for this PC (the one it holds, renewed), and a licence that ends with it. */
    async checkout(user: DesktopUser, request: LeaseRequest): Promise<SeatLeaseResponse & { change: SeatChange | null }> {
      const at = now();
      await assertCurrentVersion(deps.releaseChannels, request.appVersion);
      const { machine, held, firmId } = await seatFor(deps, user, request.deviceId, at);
      const { lease, taken } = await take(deps, user, machine, held, firmId, at, leaseExpiry(at), 'lease');
      return { ...(await answer(deps, user, machine, held, lease, at)), change: taken ? { lease, firmId } : null };
    },

    /** The app's heartbeat: the seat it holds, for another 15 minutes; 410 when it was freed meanwhile. */
    async heartbeat(user: DesktopUser, request: LeaseRequest): Promise<SeatLeaseResponse> {
      const at = now();
      await assertCurrentVersion(deps.releaseChannels, request.appVersion);
      const { machine, held, firmId } = await seatFor(deps, user, request.deviceId, at);
      const own = await leases.ofDevice(firmId, request.deviceId, at);
      if (!own) throw leaseLost();
      // seats bought down since it was taken: the seats past the new count go first
      if (own.slot >= held.seats) {
        await leases.free(firmId, { id: own.id });
        throw leaseLost();
      }
      const lease =
        own.kind === 'borrow'
          ? own
          : await leases.renew(firmId, request.deviceId, at, { kind: 'lease', renewedAt: at, expiresAt: leaseExpiry(at) });
      if (!lease) throw leaseLost();
      return answer(deps, user, machine, held, lease, at);
    },

    /** The seat taken offline for `days` (never past the plan's end), with a licence that ends with the borrow. */
    async borrow(user: DesktopUser, request: BorrowRequest): Promise<SeatLeaseResponse & { change: SeatChange }> {
      const at = now();
      await assertCurrentVersion(deps.releaseChannels, request.appVersion);
      const { machine, held, firmId } = await seatFor(deps, user, request.deviceId, at);
      const until = new Date(Math.min(at.getTime() + request.days * DAY_MS, held.end.getTime()));
      const { lease } = await take(deps, user, machine, held, firmId, at, until, 'borrow');
      return { ...(await answer(deps, user, machine, held, lease, at)), change: { lease, firmId } };
    },

    /** The app closes, or gives a borrowed seat back early: the seat is free; null when the PC held none. */
    async release(user: DesktopUser, deviceId: string): Promise<SeatChange | null> {
      const machine = await activations.find(user.userId, deviceId);
      const firmId = user.firmId ?? machine?.firmId ?? null;
      const lease = firmId ? await leases.free(firmId, { deviceId }) : null;
      return lease && firmId ? { lease, firmId } : null;
    },
  };
}
