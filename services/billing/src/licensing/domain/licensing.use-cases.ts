import {
  DAY_MS,
  DEVICE_LIMITS,
  LICENSE_ERRORS,
  LICENSE_MESSAGES,
  type ActivationRequest,
  type DeviceView,
  type LicenseResponse,
  type PlanName,
} from '@portal/contracts';
import { AppError, notFound } from '@portal/platform/errors';
import { LOCK_KEYS } from '../../shared/lock-keys';
import type { Lock } from '../../shared/ports';
import {
  accessEnd,
  effectiveStatus,
  type FirmEntitlement,
  type FirmSeat,
  type SubscriptionRecord,
  type SubscriptionStore,
} from '../../subscriptions';
import type { ActivationRecord, ActivationStore, LicenseSigner } from './ports';

export interface LicensingDeps {
  activations: ActivationStore;
  subscriptions: SubscriptionStore;
  /** A member's firm plan, when their own gives no access (issue #30). */
  firmPlanOf: FirmEntitlement;
  signer: LicenseSigner;
  lock: Lock;
  graceDays: number;
  now?: () => Date;
}

export const toDeviceView = (record: ActivationRecord): DeviceView => ({
  deviceId: record.deviceId,
  deviceName: record.deviceName,
  os: record.os,
  appVersion: record.appVersion,
  activatedAt: record.activatedAt.toISOString(),
  lastSeenAt: record.lastSeenAt.toISOString(),
});

/** Over the plan's device limit: 409 with the active devices, so the app can offer to deactivate one. */
const deviceLimitReached = (limit: number, devices: DeviceView[]) =>
  new AppError(409, LICENSE_ERRORS.deviceLimit, LICENSE_MESSAGES.deviceLimit(limit), undefined, undefined, { devices });

/** The desktop app's caller: its token's person, and the firm chosen at sign-in (issue #30). */
type DesktopUser = { userId: string; email: string; firmId?: string | undefined };

/** What the licence rests on: the plan, until when, and the firm seat when it is a firm's. */
interface Entitlement {
  plan: PlanName;
  status: 'trial' | 'active';
  end: Date;
  firm: FirmSeat | null;
}

const refused = (code: (typeof LICENSE_ERRORS)[keyof typeof LICENSE_ERRORS], message: string) => new AppError(403, code, message);

/**
 * Device activations and the offline licence. A licence says who, which plan until when, and for
 * which machine; it works offline for the grace period after each check-in, never past the
 * entitlement's end. Activating and checking in need a running trial or paid plan.
 */
export function licensingUseCases(deps: LicensingDeps) {
  const { activations, lock } = deps;
  const now = deps.now ?? (() => new Date());

  /** What a plan record gives at `at`, or null when it gives no access. */
  function access(current: SubscriptionRecord | null, at: Date): Omit<Entitlement, 'firm'> | null {
    const status = effectiveStatus(current, at);
    // a renewal's grace is access too, and no more: the licence never outlives the paid periods and the grace
    const end = status === 'trial' ? current?.trialEnd : status === 'active' && current ? accessEnd(current) : null;
    if ((status !== 'trial' && status !== 'active') || !current || !end) return null;
    return { plan: status === 'trial' ? 'trial' : current.plan, status, end };
  }

  /**
   * The person's own trial or plan first, else the plan of a firm they belong to (issue #30). A
   * device activated on a firm's plan (`onFirm`) draws on that firm's alone, so removing the member
   * refuses it at its next check-in even if they have a plan of their own.
   */
  async function entitlement(userId: string, at: Date, onFirm: string | null = null): Promise<Entitlement> {
    const own = onFirm ? null : access(await deps.subscriptions.find(userId), at);
    if (own) return { ...own, firm: null };
    const drawn = await deps.firmPlanOf(userId, onFirm ?? undefined);
    const firmAccess = drawn ? access(drawn.subscription, at) : null;
    if (!drawn || !firmAccess) throw refused(LICENSE_ERRORS.noEntitlement, LICENSE_MESSAGES.noEntitlement);
    return { ...firmAccess, firm: drawn.firm };
  }

  async function licence(
    user: { userId: string; email: string },
    record: ActivationRecord,
    held: Entitlement,
    at: Date,
  ): Promise<LicenseResponse> {
    // whole seconds, as the licence's exp claim holds it
    const expiresAt = new Date(Math.floor(Math.min(at.getTime() + deps.graceDays * DAY_MS, held.end.getTime()) / 1000) * 1000);
    const license = await deps.signer.sign(
      {
        sub: user.userId,
        email: user.email,
        plan: held.plan,
        status: held.status,
        entitlement_end: held.end.toISOString(),
        entitlement_end_at: Math.floor(held.end.getTime() / 1000),
        device_id: record.deviceId,
        ...(held.firm ? { firm: { id: held.firm.id, name: held.firm.name, seat: held.firm.seat } } : {}),
      },
      at,
      expiresAt,
    );
    return { license, expiresAt: expiresAt.toISOString(), device: toDeviceView(record) };
  }

  return {
    /** Activates this machine (again), within the plan's limit, and answers its licence. */
    async activate(user: DesktopUser, request: ActivationRequest): Promise<LicenseResponse> {
      return lock(LOCK_KEYS.devices(user.userId), async () => {
        const at = now();
        // the firm chosen when the app was signed in, if one was
        const held = await entitlement(user.userId, at, user.firmId ?? null);
        // the limit is per seat: a member's own devices against their plan's, or their seat's
        const limit = DEVICE_LIMITS[held.plan];
        const existing = await activations.find(user.userId, request.deviceId);
        if (!existing?.active) {
          // each seat has its own limit: the person's own plan's devices, or those on this firm's seat
          const onSeat = (record: ActivationRecord) => (record.firmId ?? null) === (held.firm?.id ?? null);
          const active = (await activations.active(user.userId)).filter(onSeat);
          if (active.length >= limit) throw deviceLimitReached(limit, active.map(toDeviceView));
        }
        const record = await activations.save({
          userId: user.userId,
          ...request,
          active: true,
          activatedAt: existing?.active ? existing.activatedAt : at,
          lastSeenAt: at,
          firmId: held.firm?.id ?? null,
        });
        return licence(user, record, held, at);
      });
    },

    /** The check-in: a fresh licence for an active machine of a user still entitled; otherwise a code that says why. */
    async refresh(user: DesktopUser, { deviceId, appVersion }: { deviceId: string; appVersion: string }): Promise<LicenseResponse> {
      const at = now();
      const existing = await activations.find(user.userId, deviceId);
      if (!existing?.active) throw refused(LICENSE_ERRORS.deviceNotActivated, LICENSE_MESSAGES.deviceNotActivated);
      // the app signed in again for a firm moves the machine to that firm's seat
      const firmId = user.firmId ?? existing.firmId ?? null;
      const held = await entitlement(user.userId, at, firmId).catch(async (refusal: unknown) => {
        // a device on a firm's seat the person no longer holds is deactivated (issue #30): it leaves their devices
        if (firmId) await activations.deactivate(user.userId, deviceId);
        throw refusal;
      });
      const record = await activations.save({ ...existing, appVersion, lastSeenAt: at, firmId });
      return licence(user, record, held, at);
    },

    devices: async (userId: string) => (await activations.active(userId)).map(toDeviceView),

    async deactivate(userId: string, deviceId: string): Promise<void> {
      if (!(await activations.deactivate(userId, deviceId))) throw notFound(LICENSE_MESSAGES.deviceNotFound);
    },

    keys: () => deps.signer.jwks(),
  };
}
