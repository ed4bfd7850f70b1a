import { randomUUID } from 'node:crypto';
import {
  DAY_MS,
  LICENSE_ERRORS,
  LICENSE_MESSAGES,
  licenseAfterEnd,
  taxYearName,
  taxYearOf,
  taxYearsFrom,
  type LicenseAfterEnd,
  type DeviceView,
  type LicenseResponse,
  type PlanName,
  type Seating,
} from '@portal/contracts';
import { AppError } from '@portal/platform/errors';
import type { AccountEvents } from '../../shared/account-events';
import type { Lock } from '../../shared/ports';
import {
  accessEnd,
  accessUntil,
  effectiveStatus,
  type FirmEntitlement,
  type FirmSeat,
  type SubscriptionRecord,
  type SubscriptionStore,
} from '../../subscriptions';
import type {
  ActivationRecord,
  ActivationStore,
  DeviceMoveStore,
  LicenseSigner,
  ReleaseChannels,
  SeatLeaseRecord,
  SeatLeaseStore,
} from './ports';

export interface LicensingDeps {
  activations: ActivationStore;
  /** Each seat's moves to another machine, and the ones an admin allowed. */
  moves: DeviceMoveStore;
  subscriptions: SubscriptionStore;
  /** A member's firm plan, when their own gives no access. */
  firmPlanOf: FirmEntitlement;
  signer: LicenseSigner;
  lock: Lock;
  /** Each release channel's minimum version (download's); without it, none. */
  releaseChannels?: ReleaseChannels;
  graceDays: number;
  /** Events for the integrators' webhooks: a machine activated or deactivated. */
  events?: Pick<AccountEvents, 'publish'>;
  /** A firm's floating seats held by its PCs. */
  leases: SeatLeaseStore;
  /** The PCs the packs bought for an account (a person or a firm) add at `at` (subscriptions'). */
  extraPcsOf: (accountId: string, at: Date) => Promise<number>;
  /** How a plan's seats are held (the seller's setting). */
  seatingOf: (plan: PlanName) => Promise<Seating>;
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

/** The desktop app's caller: its token's person, and the firm chosen at sign-in. */
export type DesktopUser = { userId: string; email: string; firmId?: string | undefined };

/** What the licence rests on: the plan, until when, what it does after, and the firm seat when it is a firm's. */
export interface Entitlement {
  plan: PlanName;
  /** `lapsed`: ended, on a plan whose licence keeps the builds released before `end`. */
  status: 'trial' | 'active' | 'lapsed';
  end: Date;
  afterEnd: LicenseAfterEnd;
  /** The seats the plan covers: a firm's floating seats are as many PCs at once. */
  seats: number;
  firm: FirmSeat | null;
}

export const refused = (code: (typeof LICENSE_ERRORS)[keyof typeof LICENSE_ERRORS], message: string) => new AppError(403, code, message);

/** What a plan record gives at `at`, or null when it gives no access. */
function access(current: SubscriptionRecord | null, at: Date): Omit<Entitlement, 'firm'> | null {
  const status = effectiveStatus(current, at);
  // a renewal's grace is access too, and no more: the licence never outlives the paid periods and the grace
  const end = accessUntil(current, at);
  if (!current || !end || status === 'none' || status === 'expired') return null;
  if (status === 'trial') return { plan: 'trial', status, end, afterEnd: licenseAfterEnd('trial', null), seats: 1 };
  return { plan: current.plan, status, end, afterEnd: licenseAfterEnd(current.plan, current.billingPeriod), seats: current.seats };
}

/** An ended plan whose licence keeps its builds, not refunded: what it still gives, or null. */
function lapsedAccess(current: SubscriptionRecord | null, at: Date): Omit<Entitlement, 'firm'> | null {
  const status = effectiveStatus(current, at);
  const afterEnd = current && licenseAfterEnd(current.plan, current.billingPeriod);
  if (!current || status === 'trial' || status === 'active' || afterEnd !== 'keep_builds') return null;
  // a plan whose money was given back keeps nothing
  if (current.endedByRefund) return null;
  const end = accessEnd(current);
  return end ? { plan: current.plan, status: 'lapsed', end, afterEnd, seats: current.seats } : null;
}

/**
 * The person's own trial or plan first, else the plan of a firm they belong to. A
 * device activated on a firm's plan (`onFirm`) draws on that firm's alone, so removing the member
 * refuses it at its next check-in even if they have a plan of their own. A check-in (`lapsed`)
 * also takes an ended plan whose licence keeps its builds; an activation never does.
 */
export async function entitlement(
  deps: Pick<LicensingDeps, 'subscriptions' | 'firmPlanOf'>,
  userId: string,
  at: Date,
  onFirm: string | null = null,
  { lapsed = false }: { lapsed?: boolean } = {},
): Promise<Entitlement> {
  const ownRecord = onFirm ? null : await deps.subscriptions.find(userId);
  const own = access(ownRecord, at);
  if (own) return { ...own, firm: null };
  const drawn = await deps.firmPlanOf(userId, onFirm ?? undefined);
  const firmAccess = drawn ? access(drawn.subscription, at) : null;
  if (drawn && firmAccess) return { ...firmAccess, firm: drawn.firm };
  const kept = lapsed ? lapsedAccess(ownRecord, at) : null;
  if (kept) return { ...kept, firm: null };
  const keptOnFirm = lapsed && drawn ? lapsedAccess(drawn.subscription, at) : null;
  if (drawn && keptOnFirm) return { ...keptOnFirm, firm: drawn.firm };
  throw refused(LICENSE_ERRORS.noEntitlement, LICENSE_MESSAGES.noEntitlement);
}

/**
 * The licence a machine holds until its next check-in, signed: for the grace days, and never past
 * the entitlement when its plan's licence stops there; a plan that keeps its builds runs the grace
 * days on, so an app offline at the end goes on with the builds it may run. On a firm's floating
 * seats (`seat`) it ends with the seat the PC holds instead, at once when it holds none.
 */
export async function licence(
  deps: Pick<LicensingDeps, 'signer' | 'graceDays'>,
  user: { userId: string; email: string },
  record: ActivationRecord,
  held: Entitlement,
  at: Date,
  seat?: { lease: SeatLeaseRecord | null },
): Promise<LicenseResponse> {
  // whole seconds, as the licence's exp claim holds it
  const { afterEnd } = held;
  const runsUntil = seat ? (seat.lease?.expiresAt.getTime() ?? at.getTime()) : at.getTime() + deps.graceDays * DAY_MS;
  const until = afterEnd === 'keep_builds' ? runsUntil : Math.min(runsUntil, held.end.getTime());
  const expiresAt = new Date(Math.floor(until / 1000) * 1000);
  const lease = seat?.lease ? { lease: { id: seat.lease.id, kind: seat.lease.kind } } : {};
  const license = await deps.signer.sign({ ...claimsOf(user, record, held, at), ...lease }, at, expiresAt);
  return { license, expiresAt: expiresAt.toISOString(), device: toDeviceView(record), ...(seat && { seating: 'floating' as const }) };
}

/** The firm whose floating seats an entitlement runs on, or null: a person's plan, named seats, or a lapsed plan's kept builds. */
export async function floatingFirm(deps: Pick<LicensingDeps, 'seatingOf'>, held: Entitlement): Promise<string | null> {
  if (!held.firm || held.status !== 'active') return null;
  return (await deps.seatingOf(held.plan)) === 'floating' ? held.firm.id : null;
}

/**
 * A licence for a machine activated by file: no check-in renews it, so it runs to
 * the end of the trial or paid period, bound to the device key that signed the request (`cnf`,
 * RFC 7800), which the app checks is its own.
 */
export async function fileLicence(
  deps: Pick<LicensingDeps, 'signer'>,
  user: { userId: string; email: string },
  record: ActivationRecord,
  held: Entitlement,
  at: Date,
): Promise<{ license: string; expiresAt: Date; jti: string }> {
  const expiresAt = new Date(Math.floor(held.end.getTime() / 1000) * 1000);
  const claims = { ...claimsOf(user, record, held, at), activation: 'file' as const, cnf: { jkt: record.keyThumbprint ?? '' } };
  const jti = randomUUID();
  return { license: await deps.signer.sign(claims, at, expiresAt, jti), expiresAt, jti };
}

/** The tax years a licence may run the law of: from the one running now (or its end's, once lapsed) to the one its end falls in. */
function taxYearsHeld({ end }: Entitlement, at: Date): string[] {
  const last = taxYearOf(end);
  const first = Math.min(taxYearOf(at), last);
  return taxYearsFrom(first, last - first + 1).map(taxYearName);
}

/** What every licence says: who, which plan until when, what it does after, which machine, and the firm seat. */
const claimsOf = (user: { userId: string; email: string }, record: ActivationRecord, held: Entitlement, at: Date) => ({
  sub: user.userId,
  email: user.email,
  plan: held.plan,
  status: held.status,
  after_end: held.afterEnd,
  tax_years: taxYearsHeld(held, at),
  entitlement_end: held.end.toISOString(),
  entitlement_end_at: Math.floor(held.end.getTime() / 1000),
  device_id: record.deviceId,
  ...(held.firm ? { firm: { id: held.firm.id, name: held.firm.name, seat: held.firm.seat } } : {}),
});
