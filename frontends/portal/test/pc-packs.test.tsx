import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PC_PACK_MESSAGES, type PcPackQuote, type PcPacksView } from '@portal/contracts';
import { stubApi } from '../../ui/test/stub-api';
import { PcPacks } from '../src/features/subscription/components/PcPacks';
import { queryClient, withQueries } from '../src/queries';
import { renderPage } from './render';

const view = (changes: Partial<PcPacksView> = {}): PcPacksView => ({
  devicesPerSeat: 2,
  seats: 1,
  extraPcs: 0,
  packs: [],
  canBuy: true,
  annualPricePerPc: 1200,
  ...changes,
});

const QUOTE: PcPackQuote = {
  pcs: 2,
  annualPricePerPc: 1200,
  days: 350,
  ofDays: 365,
  amountDue: 2301.37,
  from: '2026-12-01T04:30:00.000Z',
  until: '2027-11-15T06:30:00.000Z',
  summary: [
    "2 extra PCs from today to 15 Nov 2027, when your plan's term ends: 350 of 365 days at ₹1,200 a PC a year.",
    'You pay ₹2,301.37 now.',
  ],
};

const Packs = withQueries(() => <PcPacks />);
const FirmPacks = withQueries(() => <PcPacks firmId="f1" />);

describe('packs of extra PCs on the subscription page', () => {
  afterEach(() => queryClient.clear());

  it('when a practitioner chooses 2 PCs and asks the price, then the server’s quote is shown and paying orders those 2 PCs', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/subscription/pc-packs') return { data: view() };
      if (call.url === '/api/subscription/pc-packs/quote') return { data: QUOTE };
      if (call.url === '/api/payment/create-pc-pack-order')
        return { status: 201, data: { success: true, paymentUrl: 'https://phonepe.example/pay/1', merchantOrderId: 'TPP-1' } };
      return { status: 404, data: {} };
    });
    renderPage(<Packs />, '/subscription');
    expect(await screen.findByText(/Your plan activates 2 PCs\. A pack adds PCs at ₹1,200 a PC a year/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('PCs to add'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'See the price' }));
    const price = await screen.findByRole('group', { name: 'Price of the extra PCs' });
    expect(within(price).getByText(/350 of 365 days/)).toBeInTheDocument();
    await userEvent.click(within(price).getByRole('button', { name: 'Pay ₹2,301.37' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.url === '/api/subscription/pc-packs/quote')).toMatchObject({ params: { pcs: 2 } });
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/payment/create-pc-pack-order', body: { pcs: 2 } });
  });

  it('when a firm has a pack running, then it is listed with its end, and a quote the server refuses shows why', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/subscription/pc-packs')
        return {
          data: view({
            seats: 3,
            extraPcs: 2,
            packs: [
              { merchantOrderId: 'TPP-2', pcs: 2, from: '2026-12-01T04:30:00.000Z', until: '2027-11-15T06:30:00.000Z', state: 'active' },
            ],
          }),
        };
      if (call.url === '/api/subscription/pc-packs/quote')
        return { status: 409, data: { error: 'conflict', message: PC_PACK_MESSAGES.termEnded } };
      return { status: 404, data: {} };
    });
    renderPage(<FirmPacks />, '/subscription?firm=f1');
    const list = await screen.findByRole('list', { name: 'Packs of extra PCs' });
    expect(list).toHaveTextContent('2 extra PCs until 15 Nov 2027');
    expect(screen.getByText(/activates 2 PCs for each seat, and 2 more from the packs below/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See the price' }));
    expect(await screen.findByText(PC_PACK_MESSAGES.termEnded)).toBeInTheDocument();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
    expect(calls.find((call) => call.url === '/api/subscription/pc-packs')).toMatchObject({ params: { firmId: 'f1' } });
  });

  it('when no pack can be bought and none runs (a trial, floating seats), then nothing is shown', async () => {
    const calls = stubApi((call) =>
      call.url === '/api/subscription/pc-packs' ? { data: view({ canBuy: false }) } : { status: 404, data: {} },
    );
    renderPage(<Packs />, '/subscription');
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Extra PCs' })).not.toBeInTheDocument();
  });
});
