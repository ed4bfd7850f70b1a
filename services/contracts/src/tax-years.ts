/**
 * India's tax year and the editions sold by it. From 1 April 2026 the Income-tax Act, 2025 calls
 * the year whose income is taxed the "tax year": the financial year, 1 April to 31 March, in
 * Indian time. The 1961 Act named the same income's year the "previous year" and its assessment
 * the following "assessment year", so tax year 2026-27 is what the old law would have assessed as
 * AY 2027-28, while the returns practitioners file during 2026-27 are still for AY 2026-27 under
 * the 1961 Act. The labels and their sources are in docs/behaviour.md ("Tax years"), for the
 * seller's CA to confirm; pages, e-mails and documents take every label from here.
 */
import { DAY_MS, istDateOf, istDayStart } from './dates';
import { asPaise, type Paise } from './money';

/** A tax year, named by the calendar year it begins in: 2026 is tax year 2026-27. */
export type TaxYear = number;

/** The first tax year the Income-tax Act, 2025 names; the years before it were previous years. */
export const FIRST_TAX_YEAR: TaxYear = 2026;

/** At most this many tax years are bought at once, the current one counting as the first. */
export const MAX_TAX_YEARS = 3;

export const TAX_YEAR_MESSAGES = {
  yearsRange: `Choose 1 to ${MAX_TAX_YEARS} tax years`,
  yearsNeedTaxYearTerm: 'Tax years are chosen only for a tax-year term (billingPeriod "tax-year")',
  creditBeyondTerm: 'The unused value of your current plan is more than this term costs. Choose one more tax year.',
} as const;

/** The tax year an instant falls in, on India's clock: 00:10 IST on 1 April is already the new one. */
export function taxYearOf(instant: Date | number): TaxYear {
  const [year, month] = istDateOf(instant).split('-').map(Number) as [number, number];
  return month >= 4 ? year : year - 1;
}

const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/** The year as forms write it: "2026-27". */
export const taxYearName = (year: TaxYear): string => `${year}-${twoDigits(year + 1)}`;

/** `count` tax years from `first`: 2026 and 2 are [2026, 2027]. */
export const taxYearsFrom = (first: TaxYear, count: number): TaxYear[] => Array.from({ length: count }, (_, index) => first + index);

/** The tax year a service beginning at `from` begins in: one that follows a 31 March end (23:59:59.999) begins in the year after it. */
export const taxYearBeginningAt = (from: Date): TaxYear => taxYearOf(from.getTime() + 1);

/** The year a form's name gives ("2027-28" is 2027), or null for anything else. */
export function parseTaxYearName(name: string): TaxYear | null {
  const match = /^(\d{4})-(\d{2})$/.exec(name);
  if (!match) return null;
  const year = Number(match[1]);
  return taxYearName(year) === name ? year : null;
}

/** The year as people read it: "Tax year 2026-27" (a year before the 2025 Act's is its financial year). */
export const taxYearLabel = (year: TaxYear): string => (year >= FIRST_TAX_YEAR ? 'Tax year ' : 'FY ') + taxYearName(year);

/** The 1961 Act's assessment year of the same income, which the tax year replaces: tax year 2026-27 is AY 2027-28. */
export const assessmentYearReplaced = (year: TaxYear): string => `AY ${taxYearName(year + 1)}`;

/**
 * The returns practitioners file during a tax year: the 1961 Act's assessment year of the year
 * before, until that law's last one (AY 2026-27, filed in 2026-27); after it, the tax year before.
 */
export const returnsFiledDuring = (year: TaxYear): string => (year <= FIRST_TAX_YEAR ? `AY ${taxYearName(year)}` : taxYearLabel(year - 1));

/** The first instant of a tax year: 1 April, 00:00 in Indian time. */
export const taxYearBegins = (year: TaxYear): Date => istDayStart(`${year}-04-01`);

/** The last instant of a tax year: 31 March, 23:59:59.999 in Indian time, where a tax-year term ends. */
export const taxYearEnds = (year: TaxYear): Date => new Date(taxYearBegins(year + 1).getTime() - 1);

/** 365, or 366 when the year holds 29 February (tax year 2027-28 does). */
export const daysInTaxYear = (year: TaxYear): number =>
  Math.round((taxYearBegins(year + 1).getTime() - taxYearBegins(year).getTime()) / DAY_MS);

/** The Indian days from an instant's day, that day included, to 31 March: one at 23:59 on 31 March. */
export function taxYearDaysLeft(instant: Date | number): number {
  const nextYearBegins = taxYearBegins(taxYearOf(instant) + 1).getTime();
  return Math.round((nextYearBegins - istDayStart(istDateOf(instant)).getTime()) / DAY_MS);
}

/** What a tax-year term buys and costs: the years it covers, where it begins and ends, and its price. */
export interface TaxYearTerm {
  years: TaxYear[];
  from: Date;
  to: Date;
  /** Days of the first year it covers, its first day included (the whole year for a renewal that follows a 31 March end). */
  firstYearDays: number;
  pricePaise: Paise;
}

/**
 * A term of `taxYears` tax years (pure), from `at`, or from the end of a term still running then
 * (a renewal paid before its end). Its first year is prorated by days from the day it begins, that
 * day included: the annual price × days left ÷ days in that year, to the nearest paisa, so a
 * renewal of a term that ends on 31 March pays whole years; each further year costs the annual
 * price. The term always ends on 31 March, whether renewed before the end or after a lapse.
 */
export function taxYearTerm({
  annualPricePaise,
  at,
  taxYears,
  runningEnd = null,
}: {
  annualPricePaise: Paise;
  at: Date;
  taxYears: number;
  runningEnd?: Date | null;
}): TaxYearTerm {
  if (!Number.isInteger(taxYears) || taxYears < 1 || taxYears > MAX_TAX_YEARS)
    throw new RangeError(`taxYears must be 1 to ${MAX_TAX_YEARS}, got ${taxYears}`);
  const from = runningEnd && runningEnd.getTime() > at.getTime() ? new Date(runningEnd.getTime() + 1) : at;
  const first = taxYearOf(from);
  const years = taxYearsFrom(first, taxYears);
  const firstYearDays = taxYearDaysLeft(from);
  const firstYearPaise = Math.round((annualPricePaise * firstYearDays) / daysInTaxYear(first));
  return {
    years,
    from,
    to: taxYearEnds(first + taxYears - 1),
    firstYearDays,
    pricePaise: asPaise(firstYearPaise + (taxYears - 1) * annualPricePaise),
  };
}

/** The tax years a service from `from` to `to` covers; a service that begins at a 31 March end begins in the year after it. */
export function taxYearsBetween(from: Date, to: Date): TaxYear[] {
  const first = taxYearBeginningAt(from);
  return taxYearsFrom(first, Math.max(1, taxYearOf(to) - first + 1));
}

/** The years of a term as people read them: "Tax year 2026-27", "Tax years 2026-27 and 2027-28", "Tax years 2026-27 to 2028-29". */
export function taxYearsLabel(years: readonly TaxYear[]): string {
  const [first, ...rest] = years;
  if (first === undefined) return '';
  const last = rest.at(-1);
  if (last === undefined) return taxYearLabel(first);
  const plural = taxYearLabel(first).replace(/^Tax year /, 'Tax years ');
  return `${plural} ${rest.length === 1 ? 'and' : 'to'} ${taxYearName(last)}`;
}

/** The day of the year (MM-DD) from which the page offers the next tax year with the rest of this one, unless the seller sets another. */
export const NEXT_YEAR_OFFERED_FROM = '02-01';

/** Whether the page offers the next tax year beside the rest of this one: from `from` (MM-DD) to 31 March, in Indian time. */
export function offersNextTaxYear(at: Date, from: string = NEXT_YEAR_OFFERED_FROM): boolean {
  const monthDay = istDateOf(at).slice(5);
  return monthDay >= from && monthDay <= '03-31';
}
