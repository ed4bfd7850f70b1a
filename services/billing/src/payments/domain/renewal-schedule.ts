import { DAY_MS, DUNNING_DAYS, GRACE_DAYS, istDateOf, type BillingPeriod } from '@portal/contracts';
import type { RenewalProgress } from './ports';

/**
 * When each step of a renewal by UPI Autopay may run (pure; docs/decisions/0027):
 * - PhonePe is asked to notify the customer 48 hours before the paid end, so that its notice and
 *   ours reach them at least 24 hours before the debit, as RBI's e-mandate framework requires;
 * - the debit runs at the paid end (a tax-year term's a day before it, so the next year is paid in
 *   March), never sooner than 24 hours after our notice, and only in NPCI's non-peak hours, when
 *   PhonePe executes mandates;
 * - a failed debit starts a grace of GRACE_DAYS, with dunning e-mails on DUNNING_DAYS.
 */
export const NOTICE_LEAD_MS = 2 * DAY_MS;
export const MIN_NOTICE_MS = DAY_MS;
/** How long PhonePe keeps a notified redemption open for its debit and its own retries. */
export const REDEMPTION_WINDOW_MS = 2 * DAY_MS;

const IST_OFFSET_MS = 330 * 60_000;

/** NPCI's non-peak hours for mandate executions, in India's time: 21:31–09:59 and 13:01–16:59. */
export function isNonPeak(at: Date): boolean {
  const minute = Math.floor(((at.getTime() + IST_OFFSET_MS) % DAY_MS) / 60_000);
  return minute >= 21 * 60 + 31 || minute < 10 * 60 || (minute >= 13 * 60 + 1 && minute < 17 * 60);
}

/** The first non-peak minute at or after `at`. */
export function nextNonPeak(at: Date): Date {
  let candidate = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  while (!isNonPeak(candidate)) candidate = new Date(candidate.getTime() + 60_000);
  return candidate;
}

/** Our merchantOrderId of a mandate's renewal of the plan ending at `dueAt`: one per end, whoever asks. */
export const renewalOrderId = (merchantSubscriptionId: string, dueAt: Date) =>
  `${merchantSubscriptionId}-R${istDateOf(dueAt).replaceAll('-', '')}`;

/**
 * When the debit renewing a plan that ends at `paidEnd` may open: at the end, or for a tax-year term
 * a day before it, so that its notice and its debit fall in March and the new year is paid before
 * it begins. The period it buys still starts at the paid end.
 */
export const debitOpensAt = (paidEnd: Date, billingPeriod: BillingPeriod) =>
  billingPeriod === 'tax-year' ? new Date(paidEnd.getTime() - DAY_MS) : paidEnd;

/** Whether the renewal whose debit opens at `opensAt` should be notified now. */
export const notifyDue = (opensAt: Date, now: Date) => now.getTime() >= opensAt.getTime() - NOTICE_LEAD_MS;

/** The earliest a renewal notified at `noticeSentAt` may be debited: when its debit opens, and a full day after the notice. */
const earliestDebit = (opensAt: Date, noticeSentAt: Date) => Math.max(opensAt.getTime(), noticeSentAt.getTime() + MIN_NOTICE_MS);

/** When the debit of a notified renewal runs: when it opens, a full day after the notice, in non-peak hours. */
export function debitAt({ opensAt, noticeSentAt }: { opensAt: Date; noticeSentAt: Date }): Date {
  return nextNonPeak(new Date(earliestDebit(opensAt, noticeSentAt)));
}

/** Until when PhonePe may debit, or retry, a renewal notified at `noticeSentAt`: the notice says so, and PhonePe is told it. */
export const debitWindowEnd = (opensAt: Date, noticeSentAt: Date) => new Date(earliestDebit(opensAt, noticeSentAt) + REDEMPTION_WINDOW_MS);

/** Whether a notified renewal, whose debit opens at `opensAt`, may be debited now. */
export const redeemDue = (renewal: RenewalProgress, opensAt: Date, now: Date) =>
  renewal.noticeSentAt !== null &&
  renewal.redeemRequestedAt === null &&
  now >= debitAt({ opensAt, noticeSentAt: renewal.noticeSentAt }) &&
  isNonPeak(now);

/** A failed renewal's grace: 7 days from the failure, which is never before the paid end. */
export const graceAfterFailure = (dueAt: Date, failedAt: Date) =>
  new Date(Math.max(dueAt.getTime(), failedAt.getTime()) + GRACE_DAYS * DAY_MS);

/** The dunning e-mail due now, if any: the latest of days 0, 3 and 6 reached and not yet sent. */
export function dunningDue(failedAt: Date, now: Date, sent: readonly string[]): { day: number; id: string; skipped: string[] } | null {
  const reached = DUNNING_DAYS.filter((day) => now.getTime() >= failedAt.getTime() + day * DAY_MS);
  const day = reached.at(-1);
  if (day === undefined || sent.includes(dunningId(day))) return null;
  return { day, id: dunningId(day), skipped: reached.slice(0, -1).map(dunningId) };
}

// "paid-" ids are cleared with the next credited period, as the paid plan's reminders are
export const dunningId = (day: number) => `paid-dunning-${day}`;
