import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PARTNER_MESSAGES } from '@portal/contracts';
import { claimKeptPartner, keepPartnerCode } from '../src/features/partner/api';
import { YourPartner } from '../src/features/partner/components/YourPartner';
import { withQueries } from '../src/queries';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { renderPage } from './render';

const Section = withQueries(YourPartner);
const silver = { legalName: 'Silver Tax Solutions LLP', code: 'SILVER88', since: '2026-11-02T06:30:00.000Z' };

/** partners' calls for one customer, answered as the service answers them. */
function partners(start: typeof silver | null) {
  let current = start;
  return stubApi((call: StubCall) => {
    if (call.url !== '/api/partners/mine') return { status: 404, data: { message: 'Not found' } };
    if (call.method === 'GET') return { data: { partner: current } };
    if (call.method === 'POST') {
      if ((call.body as { code: string }).code !== 'SILVER88') return { status: 400, data: { message: PARTNER_MESSAGES.codeUnknown } };
      current = silver;
      return { status: 201, data: { partner: current, message: PARTNER_MESSAGES.joined(silver.legalName) } };
    }
    current = null;
    return { data: { message: PARTNER_MESSAGES.left } };
  });
}

describe('the customer’s partner on the profile', () => {
  beforeEach(() => localStorage.clear());

  it('when a customer without a partner enters a wrong code and then the right one, then the refusal is read out and the partner shown', async () => {
    const calls = partners(null);
    renderPage(<Section />);
    await userEvent.type(await screen.findByLabelText('Partner code'), 'NOPE1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save partner code' }));
    expect(await screen.findByText(PARTNER_MESSAGES.codeUnknown)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Partner code'));
    await userEvent.type(screen.getByLabelText('Partner code'), 'SILVER88');
    await userEvent.click(screen.getByRole('button', { name: 'Save partner code' }));
    expect(await screen.findByText('Silver Tax Solutions LLP is now your partner.')).toBeInTheDocument();
    expect(screen.getByText(/serves you since 2 Nov 2026/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ code: 'NOPE1234' }, { code: 'SILVER88' }]);
  });

  it('when the customer leaves, then they confirm first, and the code form comes back', async () => {
    const calls = partners(silver);
    renderPage(<Section />);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave my partner' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, leave my partner' }));
    expect(await screen.findByText(PARTNER_MESSAGES.left)).toBeInTheDocument();
    expect(screen.getByLabelText('Partner code')).toBeInTheDocument();
  });

  it('when a dealer’s sign-up link carries a code, then the new account claims it once with its own token', async () => {
    const calls = partners(null);
    keepPartnerCode(new URLSearchParams('partner=silver 88'));
    await claimKeptPartner('new-account-token');
    await claimKeptPartner('new-account-token');
    expect(calls).toEqual([
      expect.objectContaining({ url: '/api/partners/mine', body: { code: 'SILVER88' }, authorization: 'Bearer new-account-token' }),
    ]);
    keepPartnerCode(new URLSearchParams('partner=<script>'));
    await claimKeptPartner('new-account-token');
    expect(calls).toHaveLength(1);
  });
});
