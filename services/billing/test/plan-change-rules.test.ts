import { asPaise, DAY_MS } from '@portal/contracts';
import { quotePlanChange, type QuoteInput } from '../src/subscriptions/domain/plan-change';
import { endCreditedPeriods, projectPeriods, refundPeriod, unusedValue } from '../src/subscriptions/domain/periods';
import type { PeriodRecord, SubscriptionRecord } from '../src/subscriptions/domain/ports';
import { DEFAULT_PLANS, toPlan } from '../src/subscriptions/domain/plan-catalogue';

const at = (iso: string) => new Date(iso);
const days = (n: number) => n * DAY_MS;

function period(id: string, from: string, to: string, changes: Partial<PeriodRecord> = {}): PeriodRecord {
  const start = at(from);
  const end = at(to);
  return {
    id,
    accountId: 'u1',
    source: 'order',
    plan: 'basic',
    billingPeriod: 'monthly',
    monthlyPricePaise: asPaise(500_00),
    from: start,
    to: end,
    paidFrom: start,
    paidDays: Math.round((end.getTime() - start.getTime()) / DAY_MS),
    pricePaise: asPaise(50_000),
    merchantOrderId: id.replace('order:', ''),
    admin: null,
    state: 'active',
    credited: null,
    createdAt: start,
    ...changes,
  };
}

function active(end: Date, changes: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    accountId: 'u1',
    email: 'u1@example.in',
    status: 'active',
    plan: 'basic',
    billingPeriod: 'monthly',
    planPricePaise: asPaise(500_00),
    seats: 1,
    trialStart: null,
    trialEnd: null,
    hasUsedTrial: true,
    subscriptionStartDate: at('2028-01-10T06:30:00Z'),
    subscriptionEndDate: end,
    remindersSent: [],
    scheduledSwitch: null,
    graceUntil: null,
    renewalFailedAt: null,
    cancelAtPeriodEnd: null,
    ...changes,
  };
}

describe('unused value of a period (proration in whole days and exact paise)', () => {
  const january = period('order:A', '2028-01-10T06:30:00Z', '2028-02-10T06:30:00Z'); // 31 days, ₹500

  it('when 21 of 31 paid days are left, then 21/31 of ₹500 is unused, rounded to the paisa', () => {
    expect(unusedValue(january, at('2028-01-20T06:30:00Z'))).toEqual({ paise: 33_871, freeMs: 0, unusedDays: 21 }); // 33,870.97
  });

  it('when today has begun, then today counts as used: one minute into the day, a day less', () => {
    expect(unusedValue(january, at('2028-01-20T06:31:00Z')).paise).toBe(32_258); // 20/31 of ₹500 = 32,258.06
  });

  it('when it is the period’s last day, then nothing is left to credit', () => {
    expect(unusedValue(january, at('2028-02-09T07:00:00Z')).paise).toBe(0);
    expect(unusedValue(january, at('2028-02-10T06:30:00Z')).paise).toBe(0);
  });

  it('when one day of 31 is left, then it is worth ₹16.13 (1,612.9 paise rounded)', () => {
    expect(unusedValue(january, at('2028-02-09T06:30:00Z')).paise).toBe(1_613);
  });

  it('when February has 29 days (2028, a leap year), then a day is 1/29 of the month', () => {
    const february = period('order:F', '2028-02-01T00:00:00Z', '2028-03-01T00:00:00Z');
    expect(february.paidDays).toBe(29);
    expect(unusedValue(february, at('2028-02-28T00:00:00Z')).paise).toBe(3_448); // 2/29 of ₹500 = 3,448.28
  });

  it('when the period has not begun, then all of it is unused, and its free days carry over', () => {
    const renewal = period('order:R', '2028-02-10T06:30:00Z', '2028-04-10T06:30:00Z', {
      paidFrom: at('2028-03-10T06:30:00Z'),
      paidDays: 31,
    });
    expect(unusedValue(renewal, at('2028-01-20T06:30:00Z'))).toEqual({ paise: 50_000, freeMs: days(29), unusedDays: 31 });
  });

  it('when a period was refunded, superseded by an admin or already credited, then it is worth nothing', () => {
    const now = at('2028-01-20T06:30:00Z');
    expect(unusedValue({ ...january, state: 'refunded' }, now).paise).toBe(0);
    expect(unusedValue({ ...january, state: 'superseded' }, now).paise).toBe(0);
    expect(unusedValue({ ...january, credited: { paise: asPaise(1), byOrder: 'B' } }, now).paise).toBe(0);
  });
});

describe('what the periods add up to', () => {
  it('when a renewal follows the current period, then the plan runs to the renewal’s end from the first period’s start', () => {
    const first = period('order:A', '2028-01-10T06:30:00Z', '2028-02-10T06:30:00Z');
    const renewal = period('order:B', '2028-02-10T06:30:00Z', '2028-03-10T06:30:00Z');
    expect(projectPeriods([first, renewal], at('2028-01-20T00:00:00Z'))).toMatchObject({
      status: 'active',
      plan: 'basic',
      subscriptionStartDate: first.from,
      subscriptionEndDate: renewal.to,
    });
  });

  it('when only refunded or superseded periods are left, then they say nothing (the trial or the admin’s word stands)', () => {
    const first = period('order:A', '2028-01-10T06:30:00Z', '2028-02-10T06:30:00Z', { state: 'refunded' });
    expect(projectPeriods([first], at('2028-01-20T00:00:00Z'))).toBeNull();
  });

  it('when an upgrade ended the old period today, then the new plan is the current one', () => {
    const now = at('2028-01-20T06:30:00Z');
    const old = period('order:A', '2028-01-10T06:30:00Z', '2028-02-10T06:30:00Z');
    const ended = { ...old, ...endCreditedPeriods([old], [{ periodId: 'order:A', paise: asPaise(33_871) }], 'B', now)[0]!.changes };
    const upgrade = period('order:B', '2028-01-20T06:30:00Z', '2028-02-20T06:30:00Z', {
      plan: 'professional',
      monthlyPricePaise: asPaise(1000_00),
    });
    expect(ended).toMatchObject({ to: now, credited: { paise: 33_871, byOrder: 'B' } });
    expect(projectPeriods([ended, upgrade], now)).toMatchObject({
      plan: 'professional',
      planPricePaise: 1000_00,
      subscriptionEndDate: upgrade.to,
    });
  });
});

describe('a full refund takes out what its period has not served', () => {
  const now = at('2028-02-20T06:30:00Z');
  const served = period('order:A', '2028-01-10T06:30:00Z', '2028-02-10T06:30:00Z');
  const current = period('order:B', '2028-02-10T06:30:00Z', '2028-03-10T06:30:00Z');
  const next = period('order:C', '2028-03-10T06:30:00Z', '2028-04-10T06:30:00Z');

  it('when the period was fully served, then nothing moves', () => {
    expect(refundPeriod([served, current, next], 'order:A', now)).toEqual([
      { id: 'order:A', changes: { state: 'refunded', to: served.to } },
    ]);
  });

  it('when the period runs now, then it ends now and the renewal after it moves up to start now, whole', () => {
    const updates = refundPeriod([served, current, next], 'order:B', now);
    expect(updates).toEqual([
      { id: 'order:B', changes: { state: 'refunded', to: now } },
      { id: 'order:C', changes: { from: now, paidFrom: now, to: at('2028-03-22T06:30:00Z') } },
    ]);
  });

  it('when a tax-year term is refunded, then the renewal for the next tax year stays on that year: 1 April to 31 March', () => {
    const taxYear = { billingPeriod: 'tax-year' as const };
    const thisYear = period('order:T1', '2026-11-28T04:30:00Z', '2027-03-31T18:29:59.999Z', taxYear);
    const nextYear = period('order:T2', '2027-03-31T18:29:59.999Z', '2028-03-31T18:29:59.999Z', taxYear);
    expect(refundPeriod([thisYear, nextYear], 'order:T1', at('2027-01-10T06:30:00Z'))).toEqual([
      { id: 'order:T1', changes: { state: 'refunded', to: at('2027-01-10T06:30:00Z') } },
    ]);
  });

  it('when the period has not begun, then the periods after it move up by all of it, and those before stay', () => {
    const updates = refundPeriod([served, current, next], 'order:C', at('2028-02-20T06:30:00Z'));
    expect(updates).toEqual([{ id: 'order:C', changes: { state: 'refunded', to: next.from } }]);
    const middle = refundPeriod([served, current, next], 'order:B', at('2028-02-01T00:00:00Z'));
    expect(middle[1]).toEqual({ id: 'order:C', changes: { from: current.from, paidFrom: current.from, to: at('2028-03-12T06:30:00Z') } });
  });
});

describe('quoting a plan change', () => {
  const now = at('2028-01-20T06:30:00Z');
  const basic = period('order:A', '2028-01-10T06:30:00Z', '2028-02-10T06:30:00Z');
  const input = (changes: Partial<QuoteInput>): QuoteInput => ({
    subscription: active(basic.to!),
    periods: [basic],
    plan: 'professional',
    title: 'Professional',
    currentTitle: 'Basic',
    billingPeriod: 'monthly',
    taxYears: null,
    unitPricePaise: asPaise(100_000),
    seats: 1,
    firm: false,
    now,
    ...changes,
  });

  it('when Basic (monthly) upgrades to Professional (monthly) with 21 of 31 days left, then ₹1,000 less ₹338.71 is due now', () => {
    const quote = quotePlanChange(input({}));
    expect(quote).toMatchObject({ kind: 'upgrade', pricePaise: 100_000, creditPaise: 33_871, amountDuePaise: 66_129, startsAt: now });
    expect(quote.endsAt).toEqual(at('2028-02-20T06:30:00Z'));
    expect(quote.terms).toEqual({
      kind: 'upgrade',
      valuePaise: 100_000,
      credits: [{ periodId: 'order:A', merchantOrderId: 'A', paise: 33_871, freeMs: 0 }],
      extraDays: 0,
    });
    expect(quote.summary).toEqual([
      'Your plan changes to Professional (monthly) today.',
      'The unused value of your current plan, ₹338.71, is credited against the price of ₹1,000, by a credit note.',
      'You pay ₹661.29 now. Your plan will run until 20 Feb 2028.',
      'You keep access without a break.',
    ]);
  });

  it('when the credit is more than the new price, then nothing is due and the new period runs longer by the value left', () => {
    const annual = period('order:Y', '2028-01-10T06:30:00Z', '2029-01-10T06:30:00Z', {
      billingPeriod: 'annual',
      pricePaise: asPaise(480_000),
    });
    const quote = quotePlanChange(input({ subscription: active(annual.to!, { billingPeriod: 'annual' }), periods: [annual] }));
    // 356 of 366 days of ₹4,800 = ₹4,668.85; ₹3,668.85 left buys 113 more days at ₹1,000 for 31 days
    expect(quote).toMatchObject({ kind: 'upgrade', creditPaise: 466_885, amountDuePaise: 0 });
    expect(quote.terms).toMatchObject({ valuePaise: 466_885, extraDays: 113 });
    expect(quote.endsAt).toEqual(new Date(at('2028-02-20T06:30:00Z').getTime() + days(113)));
  });

  it('when less than ₹1 would be due (PhonePe’s minimum), then the credit settles it; at ₹1, it is paid', () => {
    const credit = unusedValue(basic, now).paise;
    expect(quotePlanChange(input({ unitPricePaise: asPaise(credit + 99) }))).toMatchObject({
      amountDuePaise: 0,
      terms: { valuePaise: credit },
    });
    expect(quotePlanChange(input({ unitPricePaise: asPaise(credit + 100) }))).toMatchObject({
      amountDuePaise: 100,
      terms: { valuePaise: credit + 100 },
    });
  });

  it('when the plan is lower, or annual goes to monthly, then it is a switch at renewal and nothing is due', () => {
    const professional = active(basic.to!, { plan: 'professional', billingPeriod: 'annual' });
    const lower = quotePlanChange(input({ subscription: professional, plan: 'basic', title: 'Basic', currentTitle: 'Professional' }));
    expect(lower).toMatchObject({ kind: 'switch', amountDuePaise: 0, startsAt: basic.to, terms: null });
    expect(lower.summary[0]).toBe(
      'Your Professional (annual) plan stays until 10 Feb 2028. Then it switches to Basic (monthly), at ₹1,000.',
    );
    expect(quotePlanChange(input({ subscription: professional, title: 'Professional' })).kind).toBe('switch');
  });

  it('when a firm on 3 seats of Professional (monthly) takes 5 mid-period, then 5 seats are priced and the unused value of the 3 is credited, to the paisa', () => {
    const threeSeats = period('order:F', '2028-01-10T06:30:00Z', '2028-02-10T06:30:00Z', {
      plan: 'professional',
      pricePaise: asPaise(300_000),
      seats: 3,
    });
    const firm = active(threeSeats.to!, { plan: 'professional', seats: 3 });
    const quote = quotePlanChange(input({ subscription: firm, periods: [threeSeats], currentTitle: 'Professional', seats: 5 }));
    // 21 of 31 days of ₹3,000 = ₹2,032.26 credited against 5 × ₹1,000
    expect(quote).toMatchObject({ kind: 'upgrade', seats: 5, unitPricePaise: 100_000, pricePaise: 500_000, creditPaise: 203_226 });
    expect(quote.amountDuePaise).toBe(296_774);
    expect(quote.summary.slice(0, 2)).toEqual([
      'Your plan changes to Professional (monthly) for 5 seats today.',
      '5 seats at ₹1,000 each: ₹5,000.',
    ]);
    expect(quotePlanChange(input({ subscription: firm, periods: [threeSeats], currentTitle: 'Professional', seats: 2 }))).toMatchObject({
      kind: 'switch',
      amountDuePaise: 0,
      pricePaise: 200_000,
    });
    expect(quotePlanChange(input({ subscription: firm, periods: [threeSeats], currentTitle: 'Professional', seats: 3 })).kind).toBe(
      'renew',
    );
  });

  it('when a firm buys 50 seats of a plan, then the price is 50 times the seat’s, and one seat is priced as a person’s', () => {
    const none = input({ subscription: null, periods: [], seats: 50 });
    expect(quotePlanChange(none)).toMatchObject({ kind: 'buy', pricePaise: 5_000_000, amountDuePaise: 5_000_000 });
    expect(quotePlanChange(input({ subscription: null, periods: [], seats: 1 })).summary).not.toContainEqual(
      expect.stringContaining('seats'),
    );
  });

  it('when it is the same plan and period, then it renews from the current end', () => {
    const quote = quotePlanChange(input({ plan: 'basic', title: 'Basic', unitPricePaise: asPaise(50_000) }));
    expect(quote).toMatchObject({ kind: 'renew', amountDuePaise: 50_000, startsAt: basic.to, endsAt: at('2028-03-10T06:30:00Z') });
  });

  it('when a trial or expired customer buys, then only one who never had the trial is promised the free month', () => {
    const trial = active(at('2028-01-30T06:30:00Z'), { status: 'trial', plan: 'trial', trialEnd: at('2028-01-30T06:30:00Z') });
    expect(quotePlanChange(input({ subscription: trial, periods: [] }))).toMatchObject({ kind: 'buy', freeDays: 10 });
    const expired = active(at('2028-01-01T00:00:00Z'), { status: 'expired' });
    expect(quotePlanChange(input({ subscription: expired, periods: [] }))).toMatchObject({ kind: 'buy', freeDays: 0 });
    const first = quotePlanChange(input({ subscription: null, periods: [] }));
    expect(first).toMatchObject({ kind: 'buy', freeDays: 30, endsAt: at('2028-03-21T06:30:00Z') });
  });
});

describe('the plan card’s tax year', () => {
  const professional = DEFAULT_PLANS.find((plan) => plan.name === 'professional')!;

  it('when the seller puts the next tax year on sale from 15 January, then the card offers it from that day in India, not the day before', () => {
    expect(toPlan(professional, at('2027-01-14T18:29:59.999Z'), '01-15').taxYear).toEqual({
      label: 'Tax year 2026-27',
      endsAt: '2027-03-31T18:29:59.999Z',
      years: [1],
    });
    expect(toPlan(professional, at('2027-01-14T18:30:00.000Z'), '01-15').taxYear?.years).toEqual([1, 2]);
    expect(toPlan(professional, at('2027-01-14T18:30:00.000Z')).taxYear?.years).toEqual([1]);
    // on 1 April the new year is the one on sale, alone
    expect(toPlan(professional, at('2027-03-31T18:30:00.000Z'), '01-15').taxYear).toMatchObject({ label: 'Tax year 2027-28', years: [1] });
  });

  it('when a plan is not sold by tax year, then its card has no tax year', () => {
    expect(toPlan({ ...professional, terms: ['monthly', 'annual'] }, at('2027-02-10T06:30:00Z')).taxYear).toBeUndefined();
  });
});
