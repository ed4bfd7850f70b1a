import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AUTOPAY_MESSAGES, toClientSubscriptionState, type SubscriptionStatus } from '@portal/contracts';
import { session } from '@portal/ui';
import { Carousel, CAROUSEL_INTERVAL_MS } from '../src/components/Carousel';
import { toMegabytes } from '../src/pages/Download';
import { greetingName } from '../src/pages/Profile';
import Dashboard from '../src/pages/Dashboard';
import Subscription, { planButtonText } from '../src/pages/Subscription';
import { TaxYearRenewalBanner } from '../src/features/subscription/components/TaxYearRenewal';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { INVOICE_ISSUE_POLL_MS } from '../src/features/billing/api';
import { renderPage } from './render';

/** Billing's quote for a first plan, as GET /api/subscription/change answers it. */
const quoteFor = (call: StubCall) => ({
  data: {
    kind: 'buy',
    ...call.params,
    price: 1000,
    credit: 0,
    amountDue: 1000,
    startsAt: '2026-11-24T06:30:00.000Z',
    endsAt: '2027-01-03T06:30:00.000Z',
    freeDays: 10,
    summary: ['Your Professional (monthly) plan starts today.', 'Your 10 trial days left come first.'],
  },
});

const status = (over: Partial<SubscriptionStatus>) => ({ subscriptionPlan: 'none', billingPeriod: null, ...over }) as SubscriptionStatus;

describe('subscription buttons, status mapping and small rules', () => {
  it.each([
    ['active', status({ subscriptionPlan: 'professional', billingPeriod: 'monthly' }), 'professional', 'monthly', 'Renew', false],
    ['active', status({ subscriptionPlan: 'professional', billingPeriod: 'monthly' }), 'professional', 'annual', 'Upgrade', false],
    [
      'active',
      status({ subscriptionPlan: 'professional', billingPeriod: 'annual' }),
      'professional',
      'monthly',
      'Switch at renewal',
      false,
    ],
    ['active', status({ subscriptionPlan: 'business', billingPeriod: null }), 'business', 'monthly', 'Renew', false],
    ['active', status({ subscriptionPlan: 'basic', billingPeriod: 'monthly' }), 'business', 'monthly', 'Upgrade', false],
    ['active', status({ subscriptionPlan: 'business', billingPeriod: 'annual' }), 'basic', 'annual', 'Switch at renewal', false],
    [
      'active',
      status({
        subscriptionPlan: 'business',
        billingPeriod: 'annual',
        scheduledSwitch: { plan: 'basic', billingPeriod: 'annual', at: '2028-01-22T18:30:00.000Z' },
      }),
      'basic',
      'annual',
      'Switch scheduled',
      true,
    ],
    ['expired', status({ subscriptionPlan: 'basic' }), 'basic', 'monthly', 'Reactivate Plan', false],
    ['expired', status({ subscriptionPlan: 'basic' }), 'business', 'monthly', 'Subscribe Now', false],
    ['trial', status({ subscriptionPlan: 'trial' }), 'basic', 'monthly', 'Subscribe Monthly', false],
    ['none', null, 'basic', 'annual', 'Subscribe Annually', false],
    ['none', null, 'basic', 'tax-year', 'Subscribe for the Tax Year', false],
    ['active', status({ subscriptionPlan: 'professional', billingPeriod: 'monthly' }), 'professional', 'tax-year', 'Upgrade', false],
    ['active', status({ subscriptionPlan: 'professional', billingPeriod: 'tax-year' }), 'professional', 'tax-year', 'Renew', false],
    ['active', status({ subscriptionPlan: 'professional', billingPeriod: 'tax-year' }), 'business', 'tax-year', 'Upgrade', false],
    [
      'active',
      status({ subscriptionPlan: 'professional', billingPeriod: 'annual' }),
      'professional',
      'tax-year',
      'Switch at renewal',
      false,
    ],
    [
      'active',
      status({ subscriptionPlan: 'professional', billingPeriod: 'tax-year' }),
      'professional',
      'annual',
      'Switch at renewal',
      false,
    ],
  ] as const)('when the user is %s, then the %s card (%s) reads "%s"', (subscription, current, plan, period, text, disabled) => {
    expect(planButtonText(plan, period, { subscription, status: current })).toEqual({ text, disabled });
  });

  it('when the server says business or professional, then the client treats it as active (behaviour.md §4)', () => {
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

describe('the filing season’s renewal banner', () => {
  const term = { subscriptionPlan: 'professional', billingPeriod: 'tax-year', subscriptionEndDate: '2027-03-31T18:29:59.999Z' } as const;

  it('when a tax-year term ends this 31 March, then from 1 February in India the banner asks to renew for the next year, and not before', async () => {
    const { unmount } = render(
      <MemoryRouter>
        <TaxYearRenewalBanner status={term} now={new Date('2027-01-31T18:29:59.000Z')} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/Renew it now/)).not.toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter>
        <TaxYearRenewalBanner status={term} now={new Date('2027-01-31T18:30:00.000Z')} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Your Professional plan for Tax year 2026-27 ends on 31 Mar 2027\. Renew it now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Renew for Tax year 2027-28' })).toHaveAttribute(
      'href',
      '/subscription?plan=professional&period=tax-year',
    );
  });

  it('when the term was renewed already or is not a tax-year term, then no banner; on the subscription page the button opens the renewal', async () => {
    const february = new Date('2027-02-10T06:30:00.000Z');
    const { container } = render(
      <MemoryRouter>
        <TaxYearRenewalBanner status={{ ...term, subscriptionEndDate: '2028-03-31T18:29:59.999Z' }} now={february} />
        <TaxYearRenewalBanner status={{ ...term, billingPeriod: 'annual' }} now={february} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
    const renew = jest.fn();
    render(<TaxYearRenewalBanner status={term} now={february} onRenew={renew} />);
    await userEvent.click(screen.getByRole('button', { name: 'Renew for Tax year 2027-28' }));
    expect(renew).toHaveBeenCalledWith({ plan: 'professional', billingPeriod: 'tax-year' });
  });
});

describe('choosing a plan', () => {
  const plans = {
    professional: {
      name: 'Professional',
      monthlyPrice: 500,
      annualPrice: 4800,
      annualOriginal: 6000,
      features: ['All features'],
      terms: ['monthly', 'annual'],
    },
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
      if (call.url === '/api/subscription/change') return quoteFor(call);
      if (call.url === '/api/billing/profile') return { data: { profile: { stateCode: '19' } } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      return { data: { subscriptionStatus: 'trial', subscriptionPlan: 'trial', email: 'asha@example.in', daysRemaining: 20 } };
    });
    renderPage(<Subscription />, '/subscription');
    const choose = await screen.findByRole('button', { name: 'Subscribe Monthly' });
    await userEvent.click(choose);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹1,000' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Subscribe Monthly' })).toBeEnabled();
  });

  it('when a payment’s tax invoice is still being issued, then the history says so and offers the invoice once it is issued, without a reload', async () => {
    const payment = {
      merchantOrderId: 'TP-RENEWAL-1',
      createdAt: '2026-11-20T10:00:00.000Z',
      plan: 'professional',
      billingPeriod: 'monthly',
      seats: 1,
      amount: 500,
      status: 'completed',
      refunds: [],
      credits: [],
      creditApplied: 0,
    };
    const invoice = { number: 'INV/2026-27/000042', issuedAt: '2026-11-20T10:00:05.000Z', url: '/api/billing/invoices/TP-RENEWAL-1' };
    let historyAsked = 0;
    stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/billing/profile') return { data: { profile: null } };
      if (call.url === '/api/billing/history') {
        historyAsked += 1;
        return { data: { payments: [{ ...payment, invoice: historyAsked >= 2 ? invoice : null }] } };
      }
      return { data: { subscriptionStatus: 'active', subscriptionPlan: 'professional', email: 'asha@example.in', daysRemaining: 30 } };
    });
    renderPage(<Subscription />, '/subscription');
    const history = await screen.findByRole('region', { name: 'Payments and invoices' });
    expect(within(history).getByText('Being issued')).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: /^Download invoice/ })).toBeNull();
    await within(history).findByRole('button', { name: 'Download invoice INV/2026-27/000042' }, { timeout: INVOICE_ISSUE_POLL_MS + 2000 });
    expect(within(history).queryByText('Being issued')).toBeNull();
    const asked = historyAsked;
    await new Promise((resolve) => setTimeout(resolve, INVOICE_ISSUE_POLL_MS + 500));
    expect(historyAsked).toBe(asked); // issued: the history is not asked again
  });

  it('when the plan ends at 00:30 in India, then the banner gives India’s date, not the day before', async () => {
    stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      if (call.url === '/api/billing/profile') return { data: { profile: null } };
      return {
        data: {
          subscriptionStatus: 'active',
          subscriptionPlan: 'professional',
          subscriptionEndDate: '2026-12-09T19:00:00.000Z',
          email: 'asha@example.in',
          daysRemaining: 16,
        },
      };
    });
    renderPage(<Subscription />, '/subscription');
    expect(await screen.findByText(/Your Professional plan is active until 10 Dec 2026\./)).toBeInTheDocument();
  });

  it('when a Basic customer chooses Upgrade, then the confirmation states the credit, the amount due and the new end before anything is paid', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: { basic: { ...plans.professional, name: 'Basic' }, ...plans } };
      if (call.url === '/api/billing/profile') return { data: { profile: { stateCode: '19' } } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      if (call.url === '/api/payment/create-phonepe-order') return { status: 201, data: { success: false } };
      if (call.url === '/api/subscription/change')
        return {
          data: {
            kind: 'upgrade',
            plan: 'professional',
            billingPeriod: 'monthly',
            price: 1000,
            credit: 338.71,
            amountDue: 661.29,
            startsAt: '2028-01-20T06:30:00.000Z',
            endsAt: '2028-02-20T06:30:00.000Z',
            freeDays: 0,
            summary: ['Your plan changes to Professional (monthly) today.', 'You pay ₹661.29 now. Your plan will run until 20 Feb 2028.'],
          },
        };
      return {
        data: { subscriptionStatus: 'active', subscriptionPlan: 'basic', billingPeriod: 'monthly', hasUsedTrial: true, email: 'a@b.in' },
      };
    });
    renderPage(<Subscription />, '/subscription');
    expect(await screen.findByText('Current plan')).toBeInTheDocument();
    expect(screen.queryByText('+ 1 month free trial')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade: Professional (monthly)' });
    expect(await within(dialog).findByText('Your plan changes to Professional (monthly) today.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Credit for your current plan-₹338.71');
    expect(dialog).toHaveTextContent('Due now₹661.29');
    expect(dialog).toHaveTextContent('Your plan runs until20 Feb 2028');
    expect(calls.some((call) => call.url === '/api/payment/create-phonepe-order')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹661.29' }));
    expect(await screen.findByText('Failed to create payment order')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/payment/create-phonepe-order')?.body).toEqual({
      plan: 'professional',
      billingPeriod: 'monthly',
    });
  });

  it('when the buyer asks for a pro-forma in the confirmation, with TDS, then the page says what to transfer and quoting what, and lists it to download', async () => {
    const proforma = {
      number: 'PF/2627/000001',
      reference: 'PF2627000001',
      plan: 'professional',
      billingPeriod: 'monthly',
      seats: 1,
      firm: null,
      customerEmail: 'asha@example.in',
      issuedAt: '2026-12-01T06:30:00.000Z',
      validUntil: '2026-12-16T06:30:00.000Z',
      total: 1000,
      taxableValue: 847.46,
      tax: 152.54,
      tds: { ratePercent: 10, amount: 84.75, state: null, reason: null },
      amountDue: 915.25,
      received: 0,
      state: 'open',
      invoiceNumber: null,
    };
    let asked = false;
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/subscription/change') return quoteFor(call);
      if (call.url === '/api/billing/profile') return { data: { profile: { stateCode: '19' } } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      if (call.url === '/api/billing/proformas' && call.method === 'POST') {
        asked = true;
        return { status: 201, data: { proforma } };
      }
      if (call.url === '/api/billing/proformas') return { data: { proformas: asked ? [proforma] : [], credit: 0 } };
      return { data: { subscriptionStatus: 'trial', subscriptionPlan: 'trial', email: 'asha@example.in', daysRemaining: 20 } };
    });
    renderPage(<Subscription />, '/subscription');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe Monthly' }));
    const bank = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    await userEvent.click(within(bank).getByRole('checkbox', { name: 'We deduct TDS under section 194J' }));
    await userEvent.click(within(bank).getByRole('button', { name: 'Get a pro-forma' }));
    expect(
      await screen.findByText(/^Pro-forma PF\/2627\/000001 is ready: transfer ₹915\.25 quoting PF2627000001 by 16 Dec 2026\./),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/billing/proformas')?.body).toEqual({
      plan: 'professional',
      billingPeriod: 'monthly',
      deductsTds: true,
    });
    const listed = await screen.findByRole('region', { name: 'Pro-formas for bank transfer' });
    const row = within(listed).getByRole('row', { name: /PF\/2627\/000001/ });
    expect(row).toHaveTextContent('₹915.25 (less TDS of ₹84.75)');
    expect(row).toHaveTextContent('Waiting for your transfer');
    expect(within(row).getByRole('button', { name: 'Download pro-forma PF/2627/000001' })).toBeEnabled();
  });

  it('when a switch is scheduled, then the page says when it happens and cancels it on request', async () => {
    let scheduled: object | null = { plan: 'basic', billingPeriod: 'monthly', at: '2028-01-22T18:30:00.000Z' };
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: { basic: { ...plans.professional, name: 'Basic' }, ...plans } };
      if (call.url === '/api/billing/profile') return { data: { profile: { stateCode: '19' } } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      if (call.url === '/api/subscription/scheduled-switch') {
        scheduled = null;
        return { data: { success: true, message: 'The scheduled switch is cancelled. Your plan stays as it is.' } };
      }
      return {
        data: {
          subscriptionStatus: 'active',
          subscriptionPlan: 'professional',
          billingPeriod: 'annual',
          scheduledSwitch: scheduled,
          email: 'a@b.in',
        },
      };
    });
    renderPage(<Subscription />, '/subscription');
    expect(await screen.findByText('Switches to Basic (monthly) on 23 Jan 2028.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the switch' }));
    expect(await screen.findByText('The scheduled switch is cancelled. Your plan stays as it is.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/subscription/scheduled-switch')?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByText(/Switches to Basic/)).not.toBeInTheDocument());
  });

  it('when a buyer without billing details chooses a plan, then the page asks for them first and pays once they are saved', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/billing/profile' && call.method === 'GET') return { data: { profile: null } };
      if (call.url === '/api/billing/profile') return { data: { profile: call.body, message: 'Billing details saved' } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      if (call.url === '/api/payment/create-phonepe-order') return { status: 201, data: { success: false } };
      if (call.url === '/api/subscription/change') return quoteFor(call);
      return { data: { subscriptionStatus: 'trial', subscriptionPlan: 'trial', email: 'asha@example.in', daysRemaining: 20 } };
    });
    renderPage(<Subscription />, '/subscription');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe Monthly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹1,000' }));
    const form = await screen.findByRole('form', { name: 'Billing details' });
    expect(form).toHaveTextContent('Your tax invoice needs your billing details. Save them to continue to payment.');
    expect(calls.some((call) => call.url === '/api/payment/create-phonepe-order')).toBe(false);

    await userEvent.type(screen.getByLabelText('Legal or business name'), 'Asha Rao');
    await userEvent.type(screen.getByLabelText('Billing address'), '7 Park Street');
    await userEvent.type(screen.getByLabelText('City'), 'Kolkata');
    await userEvent.type(screen.getByLabelText('Pincode'), '700016');
    await userEvent.selectOptions(screen.getByLabelText('State'), '19');
    await userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));

    expect(await screen.findByText('Failed to create payment order')).toBeInTheDocument();
    const order = calls.find((call) => call.url === '/api/payment/create-phonepe-order');
    expect(order?.body).toEqual({ plan: 'professional', billingPeriod: 'monthly' });
    expect(calls.findIndex((call) => call.method === 'PUT')).toBeLessThan(calls.indexOf(order!));
  });

  it('when the user has payments, then the billing history lists them and downloads an issued invoice', async () => {
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:invoice');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/billing/profile') return { data: { profile: null } };
      if (call.url === '/api/billing/history') {
        return {
          data: {
            payments: [
              {
                merchantOrderId: 'TPP-C',
                createdAt: '2026-11-23T12:00:00.000Z',
                plan: 'business',
                billingPeriod: 'annual',
                amount: 15_000,
                status: 'completed',
                invoice: { number: 'TP/2627/000043', issuedAt: '2026-11-23T12:00:00.000Z', url: '/api/billing/invoices/TPP-C' },
                refunds: [],
                credits: [],
                creditApplied: 4200,
              },
              {
                merchantOrderId: 'TPP-B',
                createdAt: '2026-11-22T20:00:00.000Z',
                plan: 'professional',
                billingPeriod: 'annual',
                amount: 4800,
                status: 'completed',
                invoice: { number: 'TP/2627/000042', issuedAt: '2026-11-22T20:00:00.000Z', url: '/api/billing/invoices/TPP-B' },
                refunds: [
                  {
                    merchantRefundId: 'TPP-B-R1',
                    amount: 800,
                    reason: 'Goodwill',
                    state: 'completed',
                    createdAt: '2026-11-23T10:00:00.000Z',
                    settledAt: '2026-11-23T10:00:01.000Z',
                    creditNote: {
                      number: 'TPCN/2627/000003',
                      issuedAt: '2026-11-23T10:00:01.000Z',
                      url: '/api/billing/credit-notes/TPP-B-R1',
                    },
                  },
                ],
                credits: [
                  {
                    number: 'TPCN/2627/000004',
                    issuedAt: '2026-11-23T12:00:00.000Z',
                    url: '/api/billing/credit-notes/TPP-C-C1',
                    amount: 4200,
                  },
                ],
                creditApplied: 0,
              },
              {
                merchantOrderId: 'TPP-A',
                createdAt: '2026-11-20T10:00:00.000Z',
                plan: 'basic',
                billingPeriod: 'monthly',
                amount: 500,
                status: 'failed',
                invoice: null,
                refunds: [],
                credits: [],
                creditApplied: 0,
              },
            ],
          },
        };
      }
      if (call.url.startsWith('/api/billing/invoices/') || call.url.startsWith('/api/billing/credit-notes/'))
        return { data: new Blob(['%PDF-1.3']) };
      return { data: { subscriptionStatus: 'active', subscriptionPlan: 'professional', email: 'asha@example.in', daysRemaining: 300 } };
    });
    renderPage(<Subscription />, '/subscription');
    const history = await screen.findByRole('region', { name: 'Payments and invoices' });
    const rows = within(history)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'DatePlanAmountStatusInvoice',
      '23 Nov 2026Business (annual)₹15,000 (after a credit of ₹4,200)PaidDownload invoice',
      '23 Nov 2026Professional (annual)₹4,800Partially refunded (₹800)Download invoiceDownload credit noteDownload credit note',
      '20 Nov 2026Basic (monthly)₹500Failed—',
    ]);
    await userEvent.click(within(history).getByRole('button', { name: 'Download invoice TP/2627/000042' }));
    await waitFor(() => expect(saved).toEqual(['invoice-TP-2627-000042.pdf']));
    await userEvent.click(within(history).getByRole('button', { name: 'Download credit note TPCN/2627/000003' }));
    await waitFor(() => expect(saved).toEqual(['invoice-TP-2627-000042.pdf', 'credit-note-TPCN-2627-000003.pdf']));
    await userEvent.click(within(history).getByRole('button', { name: 'Download credit note TPCN/2627/000004' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(calls.some((call) => call.url === '/api/billing/credit-notes/TPP-C-C1')).toBe(true);
    expect(calls.find((call) => call.url === '/api/billing/invoices/TPP-B')?.authorization).toBe('Bearer user-token');
  });

  it('when a member works on their firm’s plan, then the dashboard and the subscription page name the firm and its manager, with no buy or trial buttons', async () => {
    stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/firms') return { data: { firms: [{ id: 'f1', name: 'Iyer & Associates', role: 'member' }] } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      if (call.url === '/api/billing/profile') return { data: { profile: null } };
      return {
        data: {
          subscriptionStatus: 'none',
          subscriptionPlan: 'none',
          email: 'ravi@example.in',
          canStartTrial: true,
          canDownload: true,
          firmPlan: {
            id: 'f1',
            name: 'Iyer & Associates',
            managedBy: 'Asha Iyer',
            plan: 'professional',
            seats: 3,
            endsAt: '2027-03-31T18:30:00.000Z',
          },
        },
      };
    });
    const text =
      'You work on the Professional plan of Iyer & Associates, until 1 Apr 2027. It is managed by Asha Iyer: ask them about seats and billing.';
    renderPage(<Subscription />, '/subscription');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Billing history' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe|Start 30-Day Free Trial/ })).not.toBeInTheDocument();
    // a member manages no firm: no choice of whose plan
    expect(screen.queryByRole('group', { name: 'Whose plan' })).not.toBeInTheDocument();
  });

  it('when the owner of a firm chooses its plan, then the seats default to its people, the cards and the confirmation show the quantity and the total, and the order is the firm’s', async () => {
    const calls = stubApi((call) => {
      const firm = call.params?.firmId === 'f1';
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/firms') return { data: { firms: [{ id: 'f1', name: 'Iyer & Associates', role: 'owner' }] } };
      if (call.url === '/api/firms/f1')
        return {
          data: {
            firm: {
              id: 'f1',
              name: 'Iyer & Associates',
              role: 'owner',
              seats: { bought: 1, used: 3 },
              members: [],
              owner: {},
              createdAt: '',
            },
          },
        };
      if (call.url === '/api/billing/profile') return { data: { profile: firm ? { stateCode: '27' } : null } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      if (call.url === '/api/payment/create-phonepe-order') return { status: 201, data: { success: false } };
      if (call.url === '/api/subscription/change')
        return {
          data: {
            ...quoteFor(call).data,
            seats: 3,
            unitPrice: 500,
            price: 1500,
            amountDue: 1500,
            summary: ['Your Professional (monthly) plan for 3 seats starts today.', '3 seats at ₹500 each: ₹1,500.'],
          },
        };
      return { data: { subscriptionStatus: 'none', subscriptionPlan: 'none', email: 'asha@example.in', seats: 1, firm: firm ? {} : null } };
    });
    renderPage(<Subscription />, '/subscription?firm=f1');
    expect(await screen.findByRole('group', { name: 'Whose plan' })).toHaveTextContent('Your own planIyer & Associates');
    expect(await screen.findByLabelText('Seats')).toHaveValue(3);
    expect(screen.getByRole('article', { name: 'Professional plan' })).toHaveTextContent('3 seats: ₹1,500 a month');
    await userEvent.click(screen.getByRole('button', { name: 'Buy for the firm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe: Professional (monthly)' });
    expect(await within(dialog).findByText('3 seats at ₹500 each: ₹1,500.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Seats3 × ₹500');
    expect(dialog).toHaveTextContent('Total₹1,500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹1,500' }));
    expect(await screen.findByText('Failed to create payment order')).toBeInTheDocument();
    const ordered = calls.find((call) => call.url === '/api/payment/create-phonepe-order');
    expect(ordered).toMatchObject({ body: { plan: 'professional', billingPeriod: 'monthly', seats: 3 }, params: { firmId: 'f1' } });
  });
});

describe('auto-renewal and cancellation', () => {
  const plans = {
    basic: {
      name: 'Basic',
      monthlyPrice: 500,
      annualPrice: 4800,
      annualOriginal: 6000,
      features: ['All features'],
      terms: ['monthly', 'annual'],
    },
    business: {
      name: 'Business',
      monthlyPrice: 2000,
      annualPrice: 19200,
      annualOriginal: 24000,
      features: ['All features'],
      terms: ['monthly', 'annual'],
    },
  };
  const autoRenew = {
    state: 'active',
    on: true,
    mandateReference: 'TPM-ABC-123',
    plan: 'basic',
    billingPeriod: 'monthly',
    amount: 500,
    nextDebitDate: '2028-02-10T07:31:00.000Z',
    upcomingDebit: { date: '2028-02-10T07:31:00.000Z', amount: 500, noticeSentAt: '2028-02-08T07:30:00.000Z' },
  };
  const basicActive = {
    subscriptionStatus: 'active',
    subscriptionPlan: 'basic',
    billingPeriod: 'monthly',
    subscriptionEndDate: '2028-02-10T06:30:00.000Z',
    hasUsedTrial: true,
    email: 'asha@example.in',
  };
  beforeEach(() => {
    localStorage.clear();
    session.save('user-token', { email: 'asha@example.in' });
  });

  it('when a buyer ticks UPI Autopay in the confirmation, then the order asks for auto-renewal; Business (annual) is offered without it', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/payment/create-phonepe-order') return { status: 201, data: { success: false } };
      if (call.url === '/api/subscription/change') return quoteFor(call);
      if (call.url === '/api/billing/profile') return { data: { profile: { stateCode: '19' } } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      return { data: { subscriptionStatus: 'trial', subscriptionPlan: 'trial', email: 'asha@example.in', daysRemaining: 20 } };
    });
    renderPage(<Subscription />, '/subscription');
    await userEvent.click(await screen.findByRole('button', { name: 'Annual Save 20%' }));
    expect(within(screen.getByRole('article', { name: 'Business plan' })).getByText(AUTOPAY_MESSAGES.notEligible)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Basic plan' })).queryByText(AUTOPAY_MESSAGES.notEligible)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));

    await userEvent.click(within(screen.getByRole('article', { name: 'Basic plan' })).getByRole('button', { name: 'Subscribe Monthly' }));
    const dialog = await screen.findByRole('dialog');
    const optIn = await within(dialog).findByRole('checkbox', { name: new RegExp(AUTOPAY_MESSAGES.optIn) });
    expect(optIn).not.toBeChecked();
    await userEvent.click(optIn);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹1,000' }));
    expect(await screen.findByText('Failed to create payment order')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/payment/create-phonepe-order')?.body).toEqual({
      plan: 'basic',
      billingPeriod: 'monthly',
      autoRenew: true,
    });
  });

  it('when a buyer chooses the tax year in February, then only the plans sold so show, the next year may be bought with this one, and UPI Autopay renews at a whole year’s price', async () => {
    const taxYear = { label: 'Tax year 2026-27', endsAt: '2027-03-31T18:29:59.999Z', years: [1, 2] };
    const sold = {
      basic: { ...plans.basic, terms: ['monthly', 'annual'] },
      professional: {
        name: 'Professional',
        monthlyPrice: 1000,
        annualPrice: 9600,
        annualOriginal: 12000,
        features: ['All features'],
        terms: ['monthly', 'annual', 'tax-year'],
        taxYear,
      },
    };
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: sold };
      if (call.url === '/api/payment/create-phonepe-order') return { status: 201, data: { success: false } };
      // the first year prorated; each renewal a whole year
      if (call.url === '/api/subscription/change') return { data: { ...quoteFor(call).data, renewalPrice: 9600 } };
      if (call.url === '/api/billing/profile') return { data: { profile: { stateCode: '19' } } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      return { data: { subscriptionStatus: 'trial', subscriptionPlan: 'trial', email: 'asha@example.in', daysRemaining: 20 } };
    });
    renderPage(<Subscription />, '/subscription');
    await userEvent.click(await screen.findByRole('button', { name: 'Tax year 2026-27 to 31 Mar 2027' }));
    expect(screen.queryByRole('article', { name: 'Basic plan' })).not.toBeInTheDocument();
    const professional = screen.getByRole('article', { name: 'Professional plan' });
    expect(within(professional).getByText('₹9,600')).toBeInTheDocument();
    expect(
      within(professional).getByText(/Runs to 31 Mar 2027: the rest of tax year 2026-27 is charged by its days left/),
    ).toBeInTheDocument();

    await userEvent.click(within(professional).getByRole('button', { name: 'Subscribe for the Tax Year' }));
    const dialog = await screen.findByRole('dialog', { name: /Subscribe: Professional \(tax year\)/ });
    expect(within(dialog).getByRole('button', { name: 'Tax year 2026-27 only' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'With Tax year 2027-28' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/subscription/change').map((call) => call.params)).toContainEqual({
        plan: 'professional',
        billingPeriod: 'tax-year',
        taxYears: 2,
      }),
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: new RegExp(AUTOPAY_MESSAGES.optIn) }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹1,000' }));
    expect(await screen.findByText('Failed to create payment order')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/payment/create-phonepe-order')?.body).toEqual({
      plan: 'professional',
      billingPeriod: 'tax-year',
      taxYears: 2,
      autoRenew: true,
    });
  });

  it('when a new customer arrives from the pricing page with a plan, then its confirmation opens at that period; a made-up plan opens nothing', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/subscription/change') return quoteFor(call);
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      return { data: { subscriptionStatus: 'none', subscriptionPlan: 'none', email: 'asha@example.in', canStartTrial: true } };
    });
    const { unmount } = renderPage(<Subscription />, '/subscription?plan=business&period=annual');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annual Save 20%' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((call) => call.url === '/api/subscription/change')?.params).toEqual({ plan: 'business', billingPeriod: 'annual' });
    unmount();
    renderPage(<Subscription />, '/subscription?plan=platinum&period=annual');
    expect(await screen.findByRole('article', { name: 'Business plan' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when auto-renew is on, then the page shows the next debit and turns it off on request', async () => {
    let current: object = autoRenew;
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/billing/profile') return { data: { profile: { stateCode: '19' } } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      if (call.url === '/api/subscription/autopay') {
        current = { ...autoRenew, state: 'cancelled', on: false, nextDebitDate: null, upcomingDebit: null };
        return { data: { success: true, message: AUTOPAY_MESSAGES.turnedOff } };
      }
      return { data: { ...basicActive, autoRenew: current } };
    });
    renderPage(<Subscription />, '/subscription');
    const renewal = await screen.findByRole('region', { name: 'Renewal' });
    expect(renewal).toHaveTextContent('Auto-renew is on: UPI Autopay debits ₹500 on 10 Feb 2028. Mandate TPM-ABC-123 (Active).');
    expect(renewal).toHaveTextContent('Upcoming debit: ₹500 on 10 Feb 2028.');
    await userEvent.click(within(renewal).getByRole('button', { name: 'Turn off auto-renew' }));
    expect(await screen.findByText(AUTOPAY_MESSAGES.turnedOff)).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/subscription/autopay')?.method).toBe('DELETE');
    await waitFor(() => expect(renewal).toHaveTextContent('Auto-renew is off (mandate TPM-ABC-123: Cancelled).'));
  });

  it('when the customer cancels with a reason, then the page says when access ends and offers the undo', async () => {
    let cancellation: object | null = null;
    const calls = stubApi((call) => {
      if (call.url === '/api/payment/plans') return { data: plans };
      if (call.url === '/api/billing/profile') return { data: { profile: { stateCode: '19' } } };
      if (call.url === '/api/billing/history') return { data: { payments: [] } };
      if (call.url === '/api/subscription/cancel') {
        cancellation = { at: '2028-01-20T06:30:00.000Z', reason: 'Too costly', endsAt: '2028-02-10T06:30:00.000Z' };
        return { data: { success: true, message: 'Your subscription is cancelled.' } };
      }
      return { data: { ...basicActive, cancellation } };
    });
    renderPage(<Subscription />, '/subscription');
    const renewal = await screen.findByRole('region', { name: 'Renewal' });
    await userEvent.click(within(renewal).getByRole('button', { name: 'Cancel subscription' }));
    expect(renewal).toHaveTextContent('You keep access until 10 Feb 2028.');
    await userEvent.type(within(renewal).getByLabelText('Why are you leaving? (optional)'), 'Too costly');
    await userEvent.click(within(renewal).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Your subscription is cancelled.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/subscription/cancel')?.body).toEqual({ reason: 'Too costly' });
    await waitFor(() =>
      expect(renewal).toHaveTextContent('Your subscription is cancelled and ends on 10 Feb 2028. Nothing more will be charged.'),
    );
    expect(within(renewal).getByRole('button', { name: 'Undo the cancellation' })).toBeInTheDocument();
  });

  it('when a renewal has failed or is notified, then the dashboard says so, with the way to pay or to stop it', async () => {
    stubApi(() => ({
      data: { ...basicActive, renewalFailure: { failedAt: '2028-02-10T07:31:00.000Z', graceUntil: '2028-02-17T07:31:00.000Z' }, autoRenew },
    }));
    renderPage(<Dashboard />, '/dashboard');
    expect(await screen.findByText(/Your renewal payment failed\. Pay now to keep access \(until 17 Feb 2028\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByText(/UPI Autopay will debit ₹500 on 10 Feb 2028 for your renewal \(mandate TPM-ABC-123\)/)).toBeInTheDocument();
  });
});
