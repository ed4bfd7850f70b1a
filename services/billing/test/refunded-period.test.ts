import type { SubscriptionRecord } from '../src/subscriptions/domain/ports';
import { withoutRefundedPeriod } from '../src/subscriptions/domain/refunded-period';

const at = (iso: string) => new Date(iso);
const active = (end: string, credited = ['TPP-1', 'TPP-2']): SubscriptionRecord => ({
  userId: 'u1',
  email: 'u1@example.in',
  status: 'active',
  plan: 'basic',
  billingPeriod: 'monthly',
  planPrice: 500,
  trialStart: null,
  trialEnd: null,
  hasUsedTrial: true,
  subscriptionStartDate: at('2028-01-10T06:30:00Z'),
  subscriptionEndDate: at(end),
  creditedOrderIds: credited,
  remindersSent: [],
});

describe('a full refund takes out the period its order bought', () => {
  const now = at('2028-02-15T06:30:00Z');

  it('when a later renewal was paid, then the plan stays active and ends earlier by the refunded period, a leap February’s 29 days', () => {
    const february = { from: at('2028-02-10T06:30:00Z'), to: at('2028-03-10T06:30:00Z') };
    expect(withoutRefundedPeriod(active('2028-04-10T06:30:00Z'), 'TPP-1', february, now)).toEqual({
      subscriptionEndDate: at('2028-03-12T06:30:00Z'),
    });
  });

  it('when nothing paid is left after it, then the plan ends now; ending exactly now also ends it', () => {
    const month = { from: at('2028-02-10T06:30:00Z'), to: at('2028-03-10T06:30:00Z') };
    expect(withoutRefundedPeriod(active('2028-03-10T06:30:00Z'), 'TPP-2', month, now)).toEqual({
      status: 'expired',
      subscriptionEndDate: now,
    });
    const upToNow = { from: at('2028-02-15T06:30:00Z'), to: at('2028-03-10T06:30:00Z') };
    expect(withoutRefundedPeriod(active('2028-03-10T06:30:00Z'), 'TPP-2', upToNow, now)).toEqual({
      status: 'expired',
      subscriptionEndDate: now,
    });
    const oneMillisecondLess = { from: at('2028-02-15T06:30:00.001Z'), to: at('2028-03-10T06:30:00Z') };
    expect(withoutRefundedPeriod(active('2028-03-10T06:30:00Z'), 'TPP-2', oneMillisecondLess, now)).toEqual({
      subscriptionEndDate: at('2028-02-15T06:30:00.001Z'),
    });
  });

  it('when the order was never credited to this plan, or the plan is not active, then nothing changes', () => {
    const month = { from: at('2028-02-10T06:30:00Z'), to: at('2028-03-10T06:30:00Z') };
    expect(withoutRefundedPeriod(active('2028-04-10T06:30:00Z'), 'TPP-OTHER', month, now)).toBeNull();
    expect(withoutRefundedPeriod({ ...active('2028-04-10T06:30:00Z'), status: 'expired' }, 'TPP-1', month, now)).toBeNull();
    expect(withoutRefundedPeriod(null, 'TPP-1', month, now)).toBeNull();
  });

  it('when the order’s period is unknown (credited before invoices recorded it), then the plan ends now, as before', () => {
    expect(withoutRefundedPeriod(active('2028-04-10T06:30:00Z'), 'TPP-1', null, now)).toEqual({
      status: 'expired',
      subscriptionEndDate: now,
    });
  });
});
