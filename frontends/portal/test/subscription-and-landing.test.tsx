import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toClientSubscriptionState, type SubscriptionStatus } from '@portal/contracts';
import { session } from '@portal/ui';
import { Carousel, CAROUSEL_INTERVAL_MS } from '../src/components/Carousel';
import { toMegabytes } from '../src/pages/Download';
import { greetingName } from '../src/pages/Profile';
import Subscription, { planButtonText } from '../src/pages/Subscription';
import { stubApi } from '../../ui/test/stub-api';
import { renderPage } from './render';

const status = (over: Partial<SubscriptionStatus>) => ({ subscriptionPlan: 'none', billingPeriod: null, ...over }) as SubscriptionStatus;

describe('subscription buttons, status mapping and small rules', () => {
  it.each([
    ['active', status({ subscriptionPlan: 'professional', billingPeriod: 'monthly' }), 'professional', 'monthly', 'Current Plan', true],
    ['active', status({ subscriptionPlan: 'professional', billingPeriod: 'monthly' }), 'professional', 'annual', 'Current Plan', true],
    ['active', status({ subscriptionPlan: 'business', billingPeriod: null }), 'business', 'monthly', 'Current Plan', true],
    ['active', status({ subscriptionPlan: 'basic', billingPeriod: 'monthly' }), 'business', 'monthly', 'Upgrade to This Plan', false],
    ['expired', status({ subscriptionPlan: 'basic' }), 'basic', 'monthly', 'Reactivate Plan', false],
    ['expired', status({ subscriptionPlan: 'basic' }), 'business', 'monthly', 'Subscribe Now', false],
    ['trial', status({ subscriptionPlan: 'trial' }), 'basic', 'monthly', 'Subscribe Monthly', false],
    ['none', null, 'basic', 'annual', 'Subscribe Annually', false],
  ] as const)('when the user is %s, then the %s card (%s) reads "%s"', (subscription, current, plan, period, text, disabled) => {
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

describe('choosing a plan', () => {
  const plans = {
    professional: { name: 'Professional', monthlyPrice: 500, annualPrice: 4800, annualOriginal: 6000, features: ['All features'] },
  };
  beforeEach(() => {
    localStorage.clear();
    session.save('user-token', { email: 'asha@example.in' });
  });

  it.each([
    ['the order answer has no checkout address', { status: 201, data: { success: false } }, 'Failed to create payment order'],
    ['the order call fails without a message', { status: 502, data: {} }, 'Payment initiation failed'],
    ['the order call fails with a message', { status: 400, data: { message: 'Choose one of the plans' } }, 'Choose one of the plans'],
  ])('when %s, then the page says "%s" and the plans can be chosen again', async (_case, answer, text) => {
    stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/payment/create-phonepe-order') return answer;
      return { data: { subscriptionStatus: 'trial', subscriptionPlan: 'trial', email: 'asha@example.in', daysRemaining: 20 } };
    });
    renderPage(<Subscription />, '/subscription');
    const choose = await screen.findByRole('button', { name: 'Subscribe Monthly' });
    await userEvent.click(choose);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Subscribe Monthly' })).toBeEnabled();
  });
});
