import { DAY_MS, type Paise, asPaise, NO_PAISE } from '@portal/contracts';
import type { PeriodRecord, SubscriptionChanges } from './ports';

type PeriodUpdate = { id: string; changes: Partial<Pick<PeriodRecord, 'from' | 'to' | 'paidFrom' | 'state' | 'credited'>> };

const time = (date: Date | null) => (date ? date.getTime() : Number.POSITIVE_INFINITY);
const shifted = (date: Date, ms: number) => new Date(date.getTime() - ms);

/** A period that gives service: not refunded, not overridden by an admin, and not an admin's "no plan". */
export function isLive(period: PeriodRecord): boolean {
  if (period.state !== 'active') return false;
  return period.source !== 'admin' || period.admin?.status === 'active';
}

/** Whole days between two instants, as the calendar counts them (UTC has no daylight saving). */
export const daysBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY_MS);

/**
 * What is left of a period at `now` (pure): its paid days not yet begun, in exact paise, and its
 * free days not yet used. Today counts as used, so the unused days are whole days from now; a
 * period not yet begun is worth its whole price. docs/decisions/0026, "Proration".
 */
export function unusedValue(period: PeriodRecord, now: Date): { paise: Paise; freeMs: number; unusedDays: number } {
  if (!isLive(period) || period.credited || !period.to || period.to.getTime() <= now.getTime())
    return { paise: NO_PAISE, freeMs: 0, unusedDays: 0 };
  const paidFrom = period.paidFrom.getTime();
  const paidLeft = period.to.getTime() - Math.max(now.getTime(), paidFrom);
  const unusedDays = Math.min(period.paidDays, Math.max(0, Math.floor(paidLeft / DAY_MS)));
  const paise = period.paidDays > 0 ? asPaise(Math.round((period.pricePaise * unusedDays) / period.paidDays)) : NO_PAISE;
  return { paise, freeMs: Math.max(0, paidFrom - Math.max(now.getTime(), period.from.getTime())), unusedDays };
}

/**
 * The subscription the periods add up to at `now` (pure), or null when no period gives service
 * (the trial, or an admin's "none" or "expired", then stands as stored):
 * - the plan is the one of the period running now, else of the next one;
 * - it ends where the last period ends (never, for an admin's plan with no end);
 * - it started where the run of back-to-back periods holding the current one began.
 */
export function projectPeriods(periods: PeriodRecord[], now: Date): SubscriptionChanges | null {
  const live = periods.filter((period) => isLive(period) && time(period.to) > period.from.getTime());
  if (!live.length) return null;
  live.sort((a, b) => a.from.getTime() - b.from.getTime());
  const at = now.getTime();
  const current =
    live.find((period) => period.from.getTime() <= at && time(period.to) > at) ??
    live.find((period) => period.from.getTime() > at) ??
    live[live.length - 1]!;
  let start = current.from.getTime();
  for (const period of [...live].reverse()) {
    if (period.from.getTime() < start && time(period.to) >= start) start = period.from.getTime();
  }
  const end = Math.max(...live.map((period) => time(period.to)));
  return {
    status: end > at ? 'active' : 'expired',
    plan: current.plan,
    billingPeriod: current.billingPeriod,
    planPricePaise: current.monthlyPricePaise,
    seats: current.seats ?? 1,
    subscriptionStartDate: new Date(start),
    subscriptionEndDate: Number.isFinite(end) ? new Date(end) : null,
    endedByRefund: false,
  };
}

/**
 * Takes out a fully refunded period (pure). What of it has been served stays served; what has not
 * is removed, and the periods after it move up to close the gap, so a renewal paid since keeps all
 * its days; a tax-year term's period stays on its tax year, which it was bought for. No other
 * period changes. (A partial refund keeps the period: docs/decisions/0023.)
 */
export function refundPeriod(periods: PeriodRecord[], periodId: string, now: Date): PeriodUpdate[] {
  const refunded = periods.find((period) => period.id === periodId);
  if (!refunded || refunded.state !== 'active' || !refunded.to) return [];
  const servedUntil = new Date(Math.min(refunded.to.getTime(), Math.max(refunded.from.getTime(), now.getTime())));
  const removedMs = refunded.to.getTime() - servedUntil.getTime();
  const later = periods.filter(
    (period) =>
      period.id !== periodId &&
      isLive(period) &&
      period.billingPeriod !== 'tax-year' &&
      period.from.getTime() >= refunded.to!.getTime() &&
      removedMs > 0,
  );
  return [
    { id: periodId, changes: { state: 'refunded', to: servedUntil } },
    ...later.map((period) => ({
      id: period.id,
      changes: {
        from: shifted(period.from, removedMs),
        paidFrom: shifted(period.paidFrom, removedMs),
        ...(period.to ? { to: shifted(period.to, removedMs) } : {}),
      },
    })),
  ];
}

/** Ends the periods an upgrade credited, at `now` (pure); each keeps the value it was credited. */
export function endCreditedPeriods(periods: PeriodRecord[], credits: { periodId: string; paise: Paise }[], byOrder: string, now: Date) {
  return credits.flatMap(({ periodId, paise }): PeriodUpdate[] => {
    const period = periods.find((candidate) => candidate.id === periodId);
    if (!period || !isLive(period) || period.credited) return [];
    return [{ id: periodId, changes: { to: new Date(Math.max(period.from.getTime(), now.getTime())), credited: { paise, byOrder } } }];
  });
}
