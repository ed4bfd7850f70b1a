import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PARTNER_MESSAGES } from '@portal/contracts';
import { STORAGE_KEYS } from '@portal/ui';
import PartnerApp from '../src/PartnerApp';
import { stubApi, type StubCall } from '../../ui/test/stub-api';

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/partner/*"
          element={
            <>
              <PartnerApp />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

const partner = {
  id: 'p1',
  code: 'SILVER88',
  legalName: 'Silver Tax Solutions LLP',
  gstin: null,
  pan: 'ABCDE1234F',
  bank: { accountName: 'Silver', accountEnding: '9012', ifsc: 'HDFC0001234' },
  tier: 'silver',
  status: 'active',
  staff: [],
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('the partner area', () => {
  beforeEach(() => localStorage.clear());

  it('when a staff member signs in with the password and the code, then the person’s token buys the partner token, which alone the area’s calls carry', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'their-own-practitioner-session');
    const calls = stubApi((call: StubCall) => {
      if (call.url === '/api/auth/login') return { data: { secondFactor: 'totp', challenge: 'challenge-1', passkey: false } };
      if (call.url === '/api/auth/login/second-factor') return { data: { token: 'fresh-user-token', user: {} } };
      if (call.url === '/api/auth/partner/session') return { data: { token: 'partner-token', partnerId: 'p1', email: 'sales@silver.in' } };
      if (call.url === '/api/partners/area/me')
        return { data: { partner, link: 'https://portal.example.in/signup?partner=SILVER88', rates: {} } };
      if (call.url === '/api/partners/area/customers') return { data: { customers: [] } };
      return { status: 404, data: { message: 'Not found' } };
    });
    renderAt('/partner');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'sales@silver.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and open the partner area' }));
    expect(await screen.findByRole('heading', { name: 'Silver Tax Solutions LLP' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/partner/area');
    expect(calls.find((call) => call.url === '/api/auth/partner/session')?.authorization).toBe('Bearer fresh-user-token');
    await waitFor(() => expect(calls.find((call) => call.url === '/api/partners/area/customers')).toBeDefined());
    expect(calls.filter((call) => call.url.startsWith('/api/partners/area/')).map((call) => call.authorization)).toEqual([
      'Bearer partner-token',
      'Bearer partner-token',
    ]);
    expect(screen.getByText('No customers yet. Share your code or sign-up link.')).toBeInTheDocument();
  });

  it('when the staff member has no second factor, then the sign-in says to turn it on and nothing is stored', async () => {
    stubApi((call: StubCall) => {
      if (call.url === '/api/auth/login') return { data: { token: 'user-token', user: {} } };
      if (call.url === '/api/auth/partner/session') return { status: 403, data: { message: PARTNER_MESSAGES.secondFactorRequired } };
      return { status: 404, data: { message: 'Not found' } };
    });
    renderAt('/partner');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'sales@silver.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PARTNER_MESSAGES.secondFactorRequired)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.partnerToken)).toBeNull();
  });

  it('when a customer is opened and a pro-forma raised, then billing’s answer is shown and its refusal is read out', async () => {
    localStorage.setItem(STORAGE_KEYS.partnerToken, 'partner-token');
    localStorage.setItem(STORAGE_KEYS.partnerUser, JSON.stringify({ email: 'sales@silver.in', partnerId: 'p1' }));
    const customer = {
      userId: 'c1',
      email: 'ca.mehta@example.in',
      since: '2026-11-02T00:00:00.000Z',
      source: 'code',
      plan: 'professional',
      status: 'active',
      endsAt: '2027-11-16T00:00:00.000Z',
      renewalDue: false,
    };
    let refuse = true;
    const calls = stubApi((call: StubCall) => {
      if (call.url === '/api/partners/area/me') return { data: { partner, link: 'x', rates: {} } };
      if (call.url === '/api/partners/area/customers') return { data: { customers: [customer] } };
      if (call.url === '/api/partners/area/customers/c1') return { data: { customer, devices: [], firms: [] } };
      if (call.url === '/api/partners/area/customers/c1/proformas') {
        if (refuse) return { status: 400, data: { message: 'Pro-formas are not offered: the seller has not set up a bank account' } };
        return {
          status: 201,
          data: {
            proforma: { number: 'PF/2627/000007', total: 9600, customerEmail: customer.email, validUntil: '2026-12-15T18:29:59.999Z' },
          },
        };
      }
      return { status: 404, data: { message: 'Not found' } };
    });
    renderAt('/partner/area');
    const row = (await screen.findByText('ca.mehta@example.in')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Open ca.mehta@example.in' }));
    const panel = await screen.findByRole('region', { name: 'ca.mehta@example.in' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Raise pro-forma' }));
    expect(await within(panel).findByText('Pro-formas are not offered: the seller has not set up a bank account')).toBeInTheDocument();
    refuse = false;
    fireEvent.change(within(panel).getByLabelText('Billing period'), { target: { value: 'monthly' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Raise pro-forma' }));
    expect(
      await within(panel).findByText(/^Pro-forma PF\/2627\/000007 for ₹9,600 sent to ca\.mehta@example\.in, valid until 15 Dec 2026\./),
    ).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ plan: 'professional', billingPeriod: 'monthly' });
  });

  it('when the customer runs a firm, then the pro-forma may be the firm’s, and names it', async () => {
    localStorage.setItem(STORAGE_KEYS.partnerToken, 'partner-token');
    localStorage.setItem(STORAGE_KEYS.partnerUser, JSON.stringify({ email: 'sales@silver.in', partnerId: 'p1' }));
    const customer = {
      userId: 'c1',
      email: 'ca.mehta@example.in',
      since: '2026-11-02T00:00:00.000Z',
      source: 'code',
      plan: 'none',
      status: 'none',
      endsAt: null,
      renewalDue: false,
    };
    const calls = stubApi((call: StubCall) => {
      if (call.url === '/api/partners/area/me') return { data: { partner, link: 'x', rates: {} } };
      if (call.url === '/api/partners/area/customers') return { data: { customers: [customer] } };
      if (call.url === '/api/partners/area/customers/c1')
        return { data: { customer, devices: [], firms: [{ id: 'f1', name: 'Mehta & Co', role: 'owner' }] } };
      if (call.url === '/api/partners/area/customers/c1/proformas')
        return {
          status: 201,
          data: {
            proforma: {
              number: 'PF/2627/000008',
              firm: 'Mehta & Co',
              total: 28800,
              customerEmail: customer.email,
              validUntil: '2026-12-15T18:29:59.999Z',
            },
          },
        };
      return { status: 404, data: { message: 'Not found' } };
    });
    renderAt('/partner/area');
    fireEvent.click(await screen.findByRole('button', { name: 'Open ca.mehta@example.in' }));
    const panel = await screen.findByRole('region', { name: 'ca.mehta@example.in' });
    fireEvent.change(await within(panel).findByLabelText('Paid by'), { target: { value: 'Mehta & Co' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Raise pro-forma' }));
    expect(
      await within(panel).findByText(/^Pro-forma PF\/2627\/000008 for Mehta & Co for ₹28,800 sent to ca\.mehta@example\.in/),
    ).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ plan: 'professional', billingPeriod: 'annual', firmId: 'f1' });
  });
});
