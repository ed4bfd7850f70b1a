import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { toClientSubscriptionState, type SubscriptionStatus } from '@portal/contracts';
import { Carousel, CAROUSEL_INTERVAL_MS } from '../src/components/Carousel';
import { toMegabytes } from '../src/pages/Download';
import { greetingName } from '../src/pages/Profile';
import { planButtonText } from '../src/pages/Subscription';

const status = (over: Partial<SubscriptionStatus>) => ({ subscriptionPlan: 'none', billingPeriod: null, ...over }) as SubscriptionStatus;

describe('subscription buttons, status mapping and small rules', () => {
  it.each([
    ['active', status({ subscriptionPlan: 'professional', billingPeriod: 'monthly' }), 'professional', 'monthly', 'Current Plan', true],
    [
      'active',
      status({ subscriptionPlan: 'professional', billingPeriod: 'monthly' }),
      'professional',
      'annual',
      'Upgrade to This Plan',
      false,
    ],
    ['active', status({ subscriptionPlan: 'basic', billingPeriod: 'monthly' }), 'business', 'monthly', 'Upgrade to This Plan', false],
    ['expired', status({ subscriptionPlan: 'basic' }), 'basic', 'monthly', 'Reactivate Plan', false],
    ['expired', status({ subscriptionPlan: 'basic' }), 'business', 'monthly', 'Subscribe Now', false],
    ['trial', status({ subscriptionPlan: 'trial' }), 'basic', 'monthly', 'Subscribe Monthly', false],
    ['none', null, 'basic', 'annual', 'Subscribe Annually', false],
  ] as const)('when the user is %s, then the %s card (%s) reads "%s"', (subscription, current, plan, period, text, disabled) => {
    void current;
    expect(planButtonText(plan, period, { subscription, status: current })).toEqual({ text, disabled });
  });

  it('when the server says business or professional, then the client treats it as active (spec §4)', () => {
    expect(
      ['trial', 'active', 'business', 'professional', 'expired', 'none'].map((value) => toClientSubscriptionState(value as never)),
    ).toEqual(['trial', 'active', 'active', 'active', 'expired', 'none']);
  });

  it('when sizes and names are shown, then megabytes are rounded and the greeting follows the spec order', () => {
    expect(toMegabytes(2_097_152)).toBe('2 MB');
    expect(toMegabytes(15_990_000)).toBe('15 MB');
    expect(greetingName({ firstName: 'Asha', lastName: 'Rao', displayName: 'x', email: 'a@b.in' })).toBe('Asha Rao');
    expect(greetingName({ firstName: 'Asha', lastName: '', displayName: 'x', email: 'a@b.in' })).toBe('Asha');
    expect(greetingName({ firstName: '', lastName: '', displayName: '', email: 'ravi.kumar_ca@b.in' })).toBe('Ravi Kumar Ca');
  });

  it('when 5 seconds pass, then the carousel shows the next of its six screens; the buttons and dots move it too', () => {
    jest.useFakeTimers();
    render(
      <MemoryRouter>
        <Carousel />
      </MemoryRouter>,
    );
    expect(screen.getByText('1 of 6: Dashboard')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(screen.getByText('1 of 6: Dashboard')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('2 of 6: Client master')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Previous screen' }).click());
    act(() => screen.getByRole('button', { name: 'Previous screen' }).click());
    expect(screen.getByText('6 of 6: Networth certificate')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Show Setup' }).click());
    expect(screen.getByText('3 of 6: Setup')).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(1);
    jest.useRealTimers();
  });
});
