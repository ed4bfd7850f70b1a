import {
  assessmentYearReplaced,
  daysInTaxYear,
  offersNextTaxYear,
  returnsFiledDuring,
  taxYearDaysLeft,
  taxYearEnds,
  taxYearLabel,
  taxYearName,
  taxYearOf,
  taxYearTerm,
} from '../src/tax-years';
import { asPaise } from '../src/money';

/** An Indian wall-clock moment ("2026-11-28T10:00") as the instant it is. */
const ist = (local: string) => new Date(`${local}:00+05:30`);
const PROFESSIONAL_ANNUAL = asPaise(9_600_00);
const term = (at: Date, taxYears = 1, runningEnd: Date | null = null) =>
  taxYearTerm({ annualPricePaise: PROFESSIONAL_ANNUAL, at, taxYears, runningEnd });

describe('tax years on India’s clock', () => {
  it('when an instant is on either side of midnight between 31 March and 1 April in India, then it falls in the year that day belongs to', () => {
    expect(taxYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe(2026);
    expect(taxYearOf(new Date('2027-03-31T18:30:00.000Z'))).toBe(2027);
    expect(taxYearOf(ist('2026-04-01T00:00'))).toBe(2026);
  });

  it('when a year is labelled, then it reads as the 2025 Act names it, with the 1961 Act’s years it replaces and the returns filed in it', () => {
    expect(taxYearName(2026)).toBe('2026-27');
    expect(taxYearName(2099)).toBe('2099-00');
    expect(taxYearLabel(2026)).toBe('Tax year 2026-27');
    expect(taxYearLabel(2025)).toBe('FY 2025-26');
    expect(assessmentYearReplaced(2026)).toBe('AY 2027-28');
    expect(returnsFiledDuring(2026)).toBe('AY 2026-27');
    expect(returnsFiledDuring(2027)).toBe('Tax year 2026-27');
  });

  it('when a year holds 29 February, then it has 366 days; 2100 is no leap year', () => {
    expect(daysInTaxYear(2026)).toBe(365);
    expect(daysInTaxYear(2027)).toBe(366);
    expect(daysInTaxYear(2099)).toBe(365);
  });

  it('when a year ends, then it ends at the last millisecond of 31 March in India', () => {
    expect(taxYearEnds(2026).toISOString()).toBe('2027-03-31T18:29:59.999Z');
    expect(taxYearDaysLeft(ist('2027-03-31T23:59'))).toBe(1);
    expect(taxYearDaysLeft(ist('2027-04-01T00:00'))).toBe(366);
  });
});

describe('a tax-year term and its price', () => {
  it('when Professional (₹9,600 a year) is bought at 10:00 on 28 November 2026, then it runs to 31 March 2027 for 124 of 365 days, ₹3,261.37', () => {
    const bought = term(ist('2026-11-28T10:00'));
    expect(bought).toMatchObject({ years: [2026], firstYearDays: 124, pricePaise: 3_261_37 });
    expect(bought.to.toISOString()).toBe('2027-03-31T18:29:59.999Z');
  });

  it('when two tax years are bought that day, then the term runs to 31 March 2028 for ₹12,861.37', () => {
    const bought = term(ist('2026-11-28T10:00'), 2);
    expect(bought).toMatchObject({ years: [2026, 2027], pricePaise: 12_861_37 });
    expect(bought.to.toISOString()).toBe('2028-03-31T18:29:59.999Z');
  });

  it('when it is bought on 28 November 2027, in a year that holds 29 February 2028, then 125 of 366 days cost ₹3,278.69', () => {
    expect(term(ist('2027-11-28T10:00'))).toMatchObject({ years: [2027], firstYearDays: 125, pricePaise: 3_278_69 });
  });

  it('when it is bought at 23:59 on 31 March, then it buys that one day; at 00:00 on 1 April, the whole new year', () => {
    const lastMinute = term(ist('2027-03-31T23:59'));
    expect(lastMinute).toMatchObject({ years: [2026], firstYearDays: 1, pricePaise: Math.round(9_600_00 / 365) });
    expect(lastMinute.to.toISOString()).toBe('2027-03-31T18:29:59.999Z');
    const firstMinute = term(ist('2027-04-01T00:00'));
    expect(firstMinute).toMatchObject({ years: [2027], firstYearDays: 366, pricePaise: 9_600_00 });
    expect(firstMinute.to.toISOString()).toBe('2028-03-31T18:29:59.999Z');
  });

  it('when a term ending on 31 March 2027 is renewed on 10 March 2027, then the next whole year is added, to 31 March 2028, for ₹9,600', () => {
    const renewed = term(ist('2027-03-10T12:00'), 1, taxYearEnds(2026));
    expect(renewed).toMatchObject({ years: [2027], firstYearDays: 366, pricePaise: 9_600_00 });
    expect(renewed.from.toISOString()).toBe('2027-03-31T18:30:00.000Z');
    expect(renewed.to.toISOString()).toBe('2028-03-31T18:29:59.999Z');
  });

  it('when it is renewed on 20 April 2027, after the lapse, then it is prorated from that day and still ends on 31 March 2028, never 20 April 2028', () => {
    const renewed = term(ist('2027-04-20T12:00'), 1, taxYearEnds(2026));
    expect(renewed).toMatchObject({ years: [2027], firstYearDays: 347, pricePaise: Math.round((9_600_00 * 347) / 366) });
    expect(renewed.to.toISOString()).toBe('2028-03-31T18:29:59.999Z');
  });

  it('when a number of years outside 1 to 3 is asked, then no term is worked out', () => {
    for (const taxYears of [0, 4, 1.5, Number.NaN]) expect(() => term(ist('2026-11-28T10:00'), taxYears)).toThrow(RangeError);
  });
});

describe('when the next tax year is offered beside the rest of this one', () => {
  it('when the day is from 1 February to 31 March in India, then it is offered; before and after, not', () => {
    expect(offersNextTaxYear(ist('2027-01-31T23:59'))).toBe(false);
    expect(offersNextTaxYear(ist('2027-02-01T00:00'))).toBe(true);
    expect(offersNextTaxYear(ist('2027-03-31T23:59'))).toBe(true);
    expect(offersNextTaxYear(ist('2027-04-01T00:00'))).toBe(false);
  });

  it('when the seller sets 1 March, then February no longer offers it', () => {
    expect(offersNextTaxYear(ist('2027-02-15T12:00'), '03-01')).toBe(false);
    expect(offersNextTaxYear(ist('2027-03-01T00:00'), '03-01')).toBe(true);
  });
});
