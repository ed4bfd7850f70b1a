import { DEVICE_MOVES_PER_YEAR, formatIndianDate, LICENSE_ERRORS, LICENSE_MESSAGES, type DeviceMoves } from '@portal/contracts';
import { AppError, notFound, tooManyRequests } from '@portal/platform/errors';
import type { AuditPublisher } from '@portal/platform';
import { announceMachine } from './licence-events';
import { movesLeft, MOVE_WINDOW_MS } from './device-moves';
import { entitlement, type LicensingDeps } from './entitlement';
import type { ActivationRecord } from './ports';

const toWire = ({ allowed, used, nextFreeAt }: ReturnType<typeof movesLeft>): DeviceMoves => ({
  allowed,
  used,
  nextFreeAt: nextFreeAt?.toISOString() ?? null,
});

/**
 * Fair moves between PCs: a holder deactivating a machine from the Devices tab
 * moves the seat's licence, at most the plan's number of times over a rolling 365 days; past it, a
 * 429 names the day the next move is free. An admin's deactivation is no move, and an admin may
 * allow a seat one more, audited. A seat whose plan has ended has nothing left to protect: its
 * machines are freed without counting.
 */
export function deviceMoveUseCases(deps: LicensingDeps & { audit: AuditPublisher }) {
  const { activations, moves, lock } = deps;
  const now = deps.now ?? (() => new Date());

  async function seatMoves(userId: string, firmId: string | null, at: Date) {
    // only a seat without a plan is unlimited; any other failure is the caller's to see
    const held = await entitlement(deps, userId, at, firmId).catch((refusal: unknown) => {
      if (refusal instanceof AppError && refusal.code === LICENSE_ERRORS.noEntitlement) return null;
      throw refusal;
    });
    if (!held) return null;
    return movesLeft(await moves.since(userId, firmId, new Date(at.getTime() - MOVE_WINDOW_MS)), DEVICE_MOVES_PER_YEAR[held.plan], at);
  }

  return {
    async moveByHolder(userId: string, deviceId: string, assertDevice?: (device: ActivationRecord) => void): Promise<void> {
      await lock('devices', userId, async () => {
        const at = now();
        const device = await activations.find(userId, deviceId);
        if (!device?.active) throw notFound(LICENSE_MESSAGES.deviceNotFound);
        assertDevice?.(device);
        const firmId = device.firmId ?? null;
        const left = await seatMoves(userId, firmId, at);
        if (left && left.used >= left.allowed) {
          const nextFreeAt = left.nextFreeAt ?? new Date(at.getTime() + MOVE_WINDOW_MS);
          const retryAfterSeconds = Math.ceil((nextFreeAt.getTime() - at.getTime()) / 1000);
          throw tooManyRequests(retryAfterSeconds, LICENSE_MESSAGES.movesUsed(left.allowed, formatIndianDate(nextFreeAt)), {
            moves: toWire(left),
          });
        }
        await activations.deactivate(userId, deviceId);
        if (left) await moves.record({ userId, firmId, kind: 'move', deviceId, by: userId, at });
        await announceMachine(deps, 'licence.deactivated', { userId, deviceId, firmId }, at);
      });
    },

    async grant(userId: string, firmId: string | null, admin: string): Promise<DeviceMoves | null> {
      const at = now();
      await moves.record({ userId, firmId, kind: 'grant', deviceId: null, by: admin, at });
      await deps.audit({ actor: admin, action: 'licence.move-granted', target: { type: 'user', id: userId }, after: { firmId } });
      const left = await seatMoves(userId, firmId, at);
      return left && toWire(left);
    },
  };
}
