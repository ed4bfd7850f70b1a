import { formatDayOfMonth, formatIndianDate, formatIndianDateTime, formatMonth, formatWait, istDateOf, istTimestampOf } from '../src/dates';

/** 00:30 in India is still the day before in UTC: every formatter must give India's day. */
const HALF_PAST_MIDNIGHT_IST = new Date('2028-01-22T19:00:00.000Z');

describe('the dates people read (contracts/dates.ts)', () => {
  it('when a moment is 00:30 in India, then each format gives India’s date and time, not UTC’s', () => {
    expect(istDateOf(HALF_PAST_MIDNIGHT_IST)).toBe('2028-01-23');
    expect(formatIndianDate(HALF_PAST_MIDNIGHT_IST)).toBe('23 Jan 2028');
    expect(formatIndianDateTime(HALF_PAST_MIDNIGHT_IST)).toBe('23 Jan 2028, 12:30 am');
    expect(istTimestampOf(HALF_PAST_MIDNIGHT_IST)).toBe('2028-01-23T00:30:00+05:30');
  });

  it('when a chart names a day or a month, then it reads as the other dates do: "5 Sep", "September 2026"', () => {
    expect(formatDayOfMonth('2026-09-05')).toBe('5 Sep');
    expect(formatDayOfMonth('2028-02-29')).toBe('29 Feb');
    expect(formatMonth('2026-09')).toBe('September 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
  });

  it('when the moment is given as an ISO string or milliseconds, then the text is the same', () => {
    expect(formatIndianDateTime(HALF_PAST_MIDNIGHT_IST.toISOString())).toBe('23 Jan 2028, 12:30 am');
    expect(istTimestampOf(HALF_PAST_MIDNIGHT_IST.getTime())).toBe('2028-01-23T00:30:00+05:30');
  });

  it.each([
    ['2028-02-28T18:30:00.000Z', '29 Feb 2028, 12:00 am'], // a leap day's first minute
    ['2028-02-29T06:30:00.000Z', '29 Feb 2028, 12:00 pm'], // noon
    ['2028-03-31T18:29:00.000Z', '31 Mar 2028, 11:59 pm'], // the financial year's last minute
    ['2028-03-31T18:30:00.000Z', '1 Apr 2028, 12:00 am'], // and the next one's first
  ])('when the moment is %s, then it reads %s', (iso, text) => {
    expect(formatIndianDateTime(iso)).toBe(text);
  });
});

describe('formatWait', () => {
  it.each([
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3599, '60 minutes'],
    [89 * 60, '89 minutes'],
    [90 * 60 + 1, '2 hours'],
    [5 * 3600, '5 hours'],
  ])('when %i seconds are left, then "%s"', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});
