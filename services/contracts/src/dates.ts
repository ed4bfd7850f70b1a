/** Calendar arithmetic shared by the services and the pages, in the days Indian users live by. */
import { toNearestPaisa } from './money';

export const DAY_MS = 24 * 60 * 60 * 1000;
// India keeps one time zone all year, UTC+05:30, with no daylight saving.
const IST_OFFSET_MS = 330 * 60 * 1000;
/** An instant moved to India's wall clock, to be read with the getUTC… methods. */
const onIndianClock = (instant: Date | number | string) => new Date(new Date(instant).getTime() + IST_OFFSET_MS);

/** The Indian calendar date (YYYY-MM-DD) of an instant. */
export const istDateOf = (instant: Date | number): string => onIndianClock(instant).toISOString().slice(0, 10);

/** The instant an Indian calendar date (YYYY-MM-DD) begins. */
export const istDayStart = (date: string): Date => new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);

/** The last `days` Indian days, today included: the admin's default range for payments. */
export function lastIndianDays(days: number, now: Date | number = Date.now()): { startDate: string; endDate: string } {
  const endDate = istDateOf(now);
  return { startDate: istDateOf(istDayStart(endDate).getTime() - (days - 1) * DAY_MS), endDate };
}

/**
 * A value per Indian day over the last `days` days, oldest first and today last, zero on days
 * with nothing: the charts' series. `items` may hold anything from that window.
 */
export function perIndianDay(days: number, now: Date, items: Iterable<{ at: Date; value: number }>): { date: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const { at, value } of items) totals.set(istDateOf(at), (totals.get(istDateOf(at)) ?? 0) + value);
  const first = istDayStart(lastIndianDays(days, now).startDate).getTime();
  return Array.from({ length: days }, (_, i) => {
    // Noon of each day, so the step never lands on a day's edge.
    const date = istDateOf(first + i * DAY_MS + DAY_MS / 2);
    return { date, value: toNearestPaisa(totals.get(date) ?? 0) };
  });
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

/*
 * The dates people read, each in India's time wherever the code runs (a browser abroad, a
 * server in UTC): pages, e-mails, PDFs and CSV files format with these and nothing else.
 * `istDateOf` above is the date as forms and file names write it (2028-01-23).
 */

/** An Indian calendar date as people read it in sentences: "23 Jan 2028". */
export function formatIndianDate(instant: Date | number | string): string {
  const date = istDateOf(new Date(instant));
  return `${formatDayOfMonth(date)} ${date.slice(0, 4)}`;
}

/** A calendar date as forms write it (2028-01-23), as a chart's axis reads it: "23 Jan". */
export function formatDayOfMonth(date: string): string {
  const [, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1]}`;
}

/** A month as forms write it (2026-11), as people read it: "November 2026". */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1]} ${year}`;
}

/** A moment as people read it, in Indian time: "23 Jan 2028, 12:30 am". */
export function formatIndianDateTime(instant: Date | number | string): string {
  const clock = onIndianClock(instant);
  const [hours, minutes] = [clock.getUTCHours(), clock.getUTCMinutes()];
  return `${formatIndianDate(instant)}, ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** A moment in a CSV file: ISO 8601 on India's clock, with its offset, "2028-01-23T00:30:00+05:30". */
export const istTimestampOf = (instant: Date | number | string): string => `${onIndianClock(instant).toISOString().slice(0, 19)}+05:30`;

/** How long to wait, rounded up to what a person can act on: "1 minute", "42 minutes", "2 hours". */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}
