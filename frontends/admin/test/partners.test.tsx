import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_TIER_RATES, PARTNER_MESSAGES, type PartnerView, type StatementView } from '@portal/contracts';
import { STORAGE_KEYS } from '@portal/ui';
import { PartnersTab } from '../src/features/partners/components/PartnersTab';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { renderWithQueries } from './render-with-queries';

const silver: PartnerView = {
  id: 'p1',
  code: 'SILVER88',
  legalName: 'Silver Tax Solutions LLP',
  gstin: '27ABCDE1234F1Z0',
  pan: 'ABCDE1234F',
  bank: { accountName: 'Silver Tax Solutions LLP', accountEnding: '9012', ifsc: 'HDFC0001234' },
  tier: 'silver',
  status: 'active',
  staff: [{ userId: 'u1', email: 'sales@silver.in', addedAt: '2026-11-02T00:00:00.000Z' }],
  createdAt: '2026-11-01T00:00:00.000Z',
};
const november: StatementView = {
  month: '2026-11',
  issuedAt: '2026-12-02T18:30:00.000Z',
  lines: 2,
  commission: 813.56,
  broughtForward: 0,
  gst: 146.44,
  tds: 16.27,
  payable: 943.73,
  carriedForward: 0,
  payout: null,
};

/** partners' admin calls, answered as the service answers an owner or finance. */
function partners(role: 'owner' | 'finance' | 'read-only') {
  localStorage.setItem(STORAGE_KEYS.adminToken, 't');
  localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify({ email: `${role}@portal.test`, role }));
  let list = [silver];
  let statement = november;
  return stubApi((call: StubCall) => {
    if (call.url === '/api/admin/partners' && call.method === 'GET') return { data: { partners: list, rates: DEFAULT_TIER_RATES } };
    if (call.url === '/api/admin/partners' && call.method === 'POST') {
      const body = call.body as { legalName: string; tier: 'gold' };
      list = [...list, { ...silver, id: 'p2', code: 'GOLD2345', legalName: body.legalName, tier: body.tier, staff: [] }];
      return { status: 201, data: { partner: list[1], message: PARTNER_MESSAGES.created(body.legalName) } };
    }
    if (call.url === '/api/admin/partner-tiers/silver')
      return { data: { rates: DEFAULT_TIER_RATES, message: PARTNER_MESSAGES.ratesSaved } };
    if (call.url === '/api/admin/partners/p1/statements') return { data: { statements: [statement] } };
    if (call.url === '/api/admin/partners/p1/statements/2026-11/payout') {
      statement = { ...statement, payout: { utr: 'HDFCN52026120312345', paidOn: '2026-12-05' } };
      return { data: { statement, message: PARTNER_MESSAGES.payoutRecorded } };
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}

describe('the admin’s partners', () => {
  beforeEach(() => localStorage.clear());

  it('when an owner creates a partner, then the form’s fields are sent as the service takes them, and the new partner is listed', async () => {
    const calls = partners('owner');
    renderWithQueries(<PartnersTab />);
    const form = await screen.findByRole('form', { name: 'New partner' });
    fireEvent.change(within(form).getByLabelText('Legal name'), { target: { value: 'Gold Dealers' } });
    fireEvent.change(within(form).getByLabelText('PAN'), { target: { value: 'GGGGG1111G' } });
    fireEvent.change(within(form).getByLabelText('Name on the bank account'), { target: { value: 'Gold Dealers' } });
    fireEvent.change(within(form).getByLabelText('Bank account number'), { target: { value: '000111222333' } });
    fireEvent.change(within(form).getByLabelText('IFSC'), { target: { value: 'SBIN0001234' } });
    fireEvent.change(within(form).getByLabelText('Tier'), { target: { value: 'gold' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create partner' }));
    expect(await screen.findByText('Partner Gold Dealers created.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      legalName: 'Gold Dealers',
      gstin: null,
      pan: 'GGGGG1111G',
      bank: { accountName: 'Gold Dealers', accountNumber: '000111222333', ifsc: 'SBIN0001234' },
      tier: 'gold',
    });
    expect(await screen.findByRole('article', { name: 'Gold Dealers' })).toBeInTheDocument();
  });

  it('when an owner changes the silver renewal rate, then that tier’s three rates are saved', async () => {
    const calls = partners('owner');
    renderWithQueries(<PartnersTab />);
    const silverRates = await screen.findByRole('group', { name: 'silver tier' });
    fireEvent.change(within(silverRates).getByLabelText('Renewal (%)'), { target: { value: '12.5' } });
    fireEvent.click(within(silverRates).getByRole('button', { name: 'Save silver rates' }));
    expect(await screen.findByText(PARTNER_MESSAGES.ratesSaved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ new: 20, renewal: 12.5, upgrade: 10 });
  });

  it('when finance records November’s payout, then it shows as paid; read-only sees the statement without the form', async () => {
    const calls = partners('finance');
    const { unmount } = renderWithQueries(<PartnersTab />);
    expect(screen.queryByRole('form', { name: 'New partner' })).toBeNull();
    const card = await screen.findByRole('article', { name: 'Silver Tax Solutions LLP' });
    fireEvent.click(within(card).getByRole('button', { name: 'Statements' }));
    const row = (await within(card).findByText('November 2026')).closest('tr') as HTMLElement;
    expect(within(row).getByText('₹943.73')).toBeInTheDocument();
    fireEvent.change(within(row).getByLabelText('UTR'), { target: { value: 'HDFCN52026120312345' } });
    fireEvent.change(within(row).getByLabelText('Paid on'), { target: { value: '2026-12-05' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText(PARTNER_MESSAGES.payoutRecorded)).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('5 Dec 2026, UTR HDFCN52026120312345')).toBeInTheDocument());
    expect(calls.find((call) => call.url.endsWith('/payout'))?.body).toEqual({ utr: 'HDFCN52026120312345', paidOn: '2026-12-05' });
    unmount();

    partners('read-only');
    renderWithQueries(<PartnersTab />);
    const readOnly = await screen.findByRole('article', { name: 'Silver Tax Solutions LLP' });
    fireEvent.click(within(readOnly).getByRole('button', { name: 'Statements' }));
    await within(readOnly).findByText('November 2026');
    expect(within(readOnly).queryByRole('button', { name: 'Record payout' })).toBeNull();
    expect(within(readOnly).queryByRole('button', { name: 'Suspend' })).toBeNull();
  });
});
