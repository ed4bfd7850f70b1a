import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SECOND_FACTOR_MESSAGES, type AdminUserRow } from '@portal/contracts';
import { STORAGE_KEYS } from '@portal/ui';
import { UserPayments } from '../src/features/transactions/components/UserPayments';
import { UsersTab } from '../src/features/users/components/UsersTab';
import { subscriptionUpdateBody } from '../src/features/users/components/ManageSubscriptionModal';
import { daysLabel } from '../src/features/users/user-labels';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { renderWithQueries } from './render-with-queries';

// as the dashboard composes them: a user's details show the transactions feature's payments
const paymentsOf = (userId: string) => <UserPayments userId={userId} />;

const user = (over: Partial<AdminUserRow> = {}): AdminUserRow => ({
  _id: '65a000000000000000000001',
  email: 'meera@example.in',
  firstName: 'Meera',
  lastName: 'Iyer',
  displayName: 'Meera Iyer',
  isGoogleUser: false,
  createdAt: '2026-10-01T05:00:00.000Z',
  subscriptionPlan: 'trial',
  subscriptionStatus: 'trial',
  subscriptionStartDate: null,
  subscriptionEndDate: null,
  trialStart: '2026-11-01T00:00:00.000Z',
  trialEnd: '2026-11-30T19:00:00.000Z', // 00:30 on 1 December in India
  planPrice: 0,
  billingPeriod: null,
  daysRemaining: 9,
  hasUsedTrial: true,
  canStartTrial: false,
  lastDownloadDate: null,
  totalDownloads: 0,
  downloadHistory: [],
  profileCompletionPercentage: 40,
  personalInfo: { profileComplete: false },
  consent: { terms: '2026-11-24', privacy: '2026-11-24', acceptedAt: '2026-11-23T19:00:00.000Z' },
  ...over,
});

const withAddress = user({
  _id: '65a000000000000000000002',
  email: 'ravi@example.in',
  isGoogleUser: true,
  consent: null,
  subscriptionPlan: 'professional',
  subscriptionStatus: 'active',
  // each at 00:30 in India, the day before in UTC: the admin reads India's dates
  subscriptionStartDate: '2026-11-09T19:00:00.000Z',
  subscriptionEndDate: '2026-12-09T19:00:00.000Z',
  planPrice: 1000,
  lastDownloadDate: '2026-11-11T19:00:00.000Z',
  totalDownloads: 3,
  personalInfo: {
    profileComplete: true,
    age: 41,
    gender: 'male',
    mobileNumber: '9876543210',
    occupation: 'Tax consultant',
    organization: 'Ravi & Co',
    address: { street: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001', country: 'India' },
  },
});

describe('users tab', () => {
  // the kit's notices and inline errors tell the admin; a browser alert would be a regression (D10)
  beforeEach(() => {
    jest.spyOn(window, 'alert').mockImplementation(() => {
      throw new Error('window.alert is not how the admin area reports');
    });
    localStorage.setItem(STORAGE_KEYS.adminToken, 't');
    localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify({ email: 'owner@portal.test', role: 'owner' }));
  });
  afterEach(() => jest.restoreAllMocks());

  const listOf = (users: AdminUserRow[]) => ({ data: { users, total: users.length, page: 1, limit: 50 } });

  it('when days remaining are shown, then the spec’s three forms are used', () => {
    expect(daysLabel({ subscriptionStatus: 'trial', daysRemaining: 12 })).toBe('12 days');
    expect(daysLabel({ subscriptionStatus: 'none', daysRemaining: 0 })).toBe('No subscription');
    expect(daysLabel({ subscriptionStatus: 'expired', daysRemaining: 0 })).toBe('Expired');
  });

  it('when users load, then each row shows contact fallbacks, the Google badge, the profile bar and three actions', async () => {
    stubApi(() => listOf([user(), withAddress]));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    const meera = (await screen.findByText('meera@example.in')).closest('tr') as HTMLElement;
    expect(within(meera).getByText('No mobile')).toBeInTheDocument();
    expect(within(meera).getByText('No address')).toBeInTheDocument();
    expect(within(meera).getByText('9 days')).toBeInTheDocument();
    expect(within(meera).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(meera).queryByText('Google')).toBeNull();
    const ravi = screen.getByText('ravi@example.in').closest('tr') as HTMLElement;
    expect(within(ravi).getByText('Google')).toBeInTheDocument();
    expect(within(ravi).getByText('Pune, Maharashtra')).toBeInTheDocument();
    expect(
      within(ravi)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['View Details', 'Manage', 'Delete']);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'User',
      'Contact',
      'Plan',
      'Status',
      'Profile',
      'Days Remaining',
      'Actions',
    ]);
  });

  it('when a full page of users loads, then every row shows, in the order the list gave them', async () => {
    const page = Array.from({ length: 50 }, (_, index) => user({ _id: `u${index}`, email: `user${index}@example.in` }));
    stubApi(() => listOf(page));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    await screen.findByText('user49@example.in', {}, { timeout: 10_000 }); // the last slice, after six transitions
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1); // the header row first
    expect(rows.map((row) => within(row).getByText(/@example\.in$/).textContent)).toEqual(page.map(({ email }) => email));
  });

  it('when the admin’s role may not change people, then the rows offer only what it may: read-only views, finance views, support manages and deletes', async () => {
    const actionsFor = async (role: string) => {
      localStorage.setItem(STORAGE_KEYS.adminToken, 't');
      localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify({ email: `${role}@portal.test`, role }));
      stubApi(() => listOf([user()]));
      const { unmount } = renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
      const row = (await screen.findByText('meera@example.in')).closest('tr') as HTMLElement;
      const labels = within(row)
        .getAllByRole('button')
        .map((button) => button.textContent);
      unmount();
      return labels;
    };
    expect(await actionsFor('read-only')).toEqual(['View Details']);
    expect(await actionsFor('finance')).toEqual(['View Details']);
    expect(await actionsFor('support')).toEqual(['View Details', 'Manage', 'Delete']);
  });

  it('when a search finds nobody, then the empty message shows, and the term was sent', async () => {
    const calls = stubApi((call) => listOf(call.params?.search ? [] : [user()]));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    await screen.findByText('meera@example.in');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'Nagpur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users found. Try searching with different criteria.')).toBeInTheDocument();
    expect(calls.at(-1)?.params).toEqual({ page: 1, search: 'Nagpur' });
  });

  it('when there are more users than a page, then the total shows and Next and Previous fetch the other pages', async () => {
    const calls = stubApi((call) => {
      const page = Number(call.params?.page);
      return { data: { users: [user({ email: `page${page}@example.in` })], total: 120, page, limit: 50 } };
    });
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    await screen.findByText('page1@example.in');
    const pager = screen.getByRole('navigation', { name: 'Pages of users' });
    expect(pager).toHaveTextContent('1–50 of 120');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await screen.findByText('page2@example.in');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages of users' })).getByRole('button', { name: 'Next' }));
    await screen.findByText('page3@example.in');
    expect(screen.getByRole('navigation', { name: 'Pages of users' })).toHaveTextContent('101–120 of 120');
    expect(within(screen.getByRole('navigation', { name: 'Pages of users' })).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.map((call) => call.params?.page)).toEqual([1, 2, 3]);
  });

  it('when details open for a sparse profile, then every missing field reads Not provided and downloads read Never', async () => {
    stubApi((call) => (call.url.endsWith('/details') ? { data: { user: user() } } : listOf([user()])));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View details of meera@example.in' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    const section = (name: string) => within(within(dialog).getByRole('region', { name }));
    await waitFor(() => expect(section('Personal Information').getAllByText('Not provided')).toHaveLength(5));
    expect(section('Address').getAllByText('Not provided')).toHaveLength(5);
    expect(section('Basic Information').getByText('Email/Password')).toBeInTheDocument();
    expect(section('Basic Information').getByText('1 Oct 2026')).toBeInTheDocument();
    // the policies the person accepted, at 00:30 in India
    expect(section('Basic Information').getByText('Terms 2026-11-24, Privacy 2026-11-24, on 24 Nov 2026, 12:30 am')).toBeInTheDocument();
    expect(section('Firms').getByText('No firm')).toBeInTheDocument();
    expect(section('Subscription Details').getByText('Trial Start')).toBeInTheDocument();
    expect(section('Subscription Details').getByText('1 Dec 2026')).toBeInTheDocument();
    expect(section('Subscription Details').queryByText('Subscription Start')).toBeNull();
    expect(section('Activity').getByText('Never')).toBeInTheDocument();
    expect(section('Activity').getByText('Yes')).toBeInTheDocument();
  });

  it('when support resets a lost second factor from the details, then it asks first, sends the reset and shows the answer; read-only is not offered it', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') return { data: { message: SECOND_FACTOR_MESSAGES.resetByAdmin } };
      return call.url.endsWith('/details') ? { data: { user: user() } } : listOf([user()]);
    });
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View details of meera@example.in' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Reset two-step sign-in' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('meera@example.in'));
    expect(await within(dialog).findByText(SECOND_FACTOR_MESSAGES.resetByAdmin)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/admin/users/${user()._id}/second-factor`,
    ]);
    cleanup();

    localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify({ email: 'viewer@portal.test', role: 'read-only' }));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View details of meera@example.in' }));
    const readOnly = await screen.findByRole('dialog', { name: 'User Details' });
    await within(readOnly).findByRole('region', { name: 'Activity' });
    expect(within(readOnly).queryByRole('button', { name: 'Reset two-step sign-in' })).toBeNull();
  });

  it('when details open for a paying Google user, then the subscription dates, price per month and activity show', async () => {
    const firms = [{ id: 'f'.repeat(24), name: 'Iyer & Associates', role: 'admin' }];
    stubApi((call) => (call.url.endsWith('/details') ? { data: { user: { ...withAddress, firms } } } : listOf([withAddress])));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View details of ravi@example.in' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    await within(dialog).findByText('Google OAuth');
    // the firms the person belongs to, and their role in each
    expect(within(within(dialog).getByRole('region', { name: 'Firms' })).getByText('Firm admin')).toBeInTheDocument();
    expect(within(dialog).getByText('Iyer & Associates')).toBeInTheDocument();
    for (const text of ['Ravi & Co', '411001', 'India', '₹1,000/month', '10 Nov 2026', '10 Dec 2026', '12 Nov 2026', '3']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).queryByText('Not provided')).toBeNull();
    expect(within(dialog).getByText('Not yet accepted')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Manage Subscription' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage Subscription' });
    expect(within(manage).getByLabelText('Start Date')).toHaveValue('2026-11-10');
    expect(within(manage).getByLabelText('End Date')).toHaveValue('2026-12-10');
  });

  it('when details open for a person reached on WhatsApp, then the delivery log names the channel and what WhatsApp last reported', async () => {
    const sent = { attempts: 1, lastError: null, createdAt: '2026-11-29T10:00:00.000Z', sentAt: '2026-11-29T10:00:01.000Z', state: 'sent' };
    stubApi((call) => {
      if (call.url.endsWith('/details')) return { data: { user: withAddress } };
      if (call.url.endsWith('/messages'))
        return {
          data: {
            messages: [
              {
                ...sent,
                id: 'r#whatsapp',
                kind: 'payment-receipt',
                channel: 'whatsapp',
                to: '+919876543210',
                subject: 'WhatsApp template payment_receipt',
                providerStatus: 'read',
              },
              { ...sent, id: 'r', kind: 'payment-receipt', channel: 'email', to: 'ravi@example.in', subject: 'Payment received' },
            ],
          },
        };
      return listOf([withAddress]);
    });
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View details of ravi@example.in' }));
    const messages = await within(await screen.findByRole('dialog', { name: 'User Details' })).findByRole('region', { name: 'Messages' });
    const whatsapp = (await within(messages).findByText('WhatsApp')).closest('tr')!;
    expect(whatsapp).toHaveTextContent('Sent · Read');
    const email = within(messages).getByText('E-mail').closest('tr')!;
    expect(email).toHaveTextContent('Sent');
    expect(email).not.toHaveTextContent('Read');
  });

  it('when details open for a paying user, then their payments and devices list, a device can be deactivated and a payment refunded from there', async () => {
    const payment = {
      _id: 'p1',
      transactionId: 'TPP-RAVI',
      phonePeTransactionId: 'OM1',
      phonepeOrderId: 'OMO1',
      userEmail: 'ravi@example.in',
      amount: 1000,
      status: 'completed' as const,
      subscriptionPlan: 'professional',
      billingPeriod: 'monthly',
      createdAt: '2026-11-10T06:00:00.000Z',
      invoiceNumber: 'TP/2627/000012',
      taxableValue: 847.46,
      tax: 152.54,
      refundedAmount: 200,
      refundStatus: 'partially_refunded' as const,
      paymentMethod: 'phonepe' as const,
      paidAmount: 1000,
    };
    const calls = stubApi((call) => {
      if (call.url.endsWith('/details')) return { data: { user: withAddress } };
      if (call.url === '/api/admin/transactions') return { data: { transactions: [payment], total: 1, page: 1, limit: 50 } };
      if (call.url.endsWith('/refunds')) return { data: { refunds: [] } };
      if (call.url.endsWith('/devices') && call.method === 'GET') {
        const lastSeenAt = '2026-11-20T05:00:00.000Z';
        return {
          data: {
            devices: [
              {
                deviceId: 'b'.repeat(64),
                deviceName: 'RAVI-PC',
                os: 'Windows 11',
                appVersion: '1.2.0',
                activatedAt: lastSeenAt,
                lastSeenAt,
              },
            ],
          },
        };
      }
      if (call.method === 'DELETE') return { data: { message: 'Device deactivated' } };
      return listOf([withAddress]);
    });
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View details of ravi@example.in' }));
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(await within(payments).findByText(/TP\/2627\/000012/)).toHaveTextContent(
      'Professional · ₹1,000 · completed · partially refunded',
    );
    expect(calls.find((call) => call.url === '/api/admin/transactions')?.params).toEqual({
      userId: '65a000000000000000000002',
      startDate: '2020-01-01',
    });
    const devicesSection = screen.getByRole('region', { name: 'Devices' });
    expect(await within(devicesSection).findByText(/RAVI-PC · Windows 11 · app 1.2.0 · last seen 20 Nov 2026/)).toBeInTheDocument();
    fireEvent.click(within(devicesSection).getByRole('button', { name: 'Deactivate RAVI-PC' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith(`/devices/${'b'.repeat(64)}`))).toBe(true),
    );
    fireEvent.click(within(payments).getByRole('button', { name: 'Refund TPP-RAVI' }));
    const refund = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(refund).toHaveTextContent('Paid ₹1,000, refunded ₹200, left ₹800.');
  });

  it('when details open for a firm’s owner on floating seats, then the seats held are listed and a stuck one can be freed', async () => {
    const held = {
      id: '65b000000000000000000001',
      firmId: '65c000000000000000000001',
      userId: '65a000000000000000000009',
      email: 'kiran@example.in',
      deviceId: 'c'.repeat(64),
      deviceName: 'KIRAN-PC',
      kind: 'lease',
      since: '2026-11-20T05:00:00.000Z',
      renewedAt: '2026-11-20T05:10:00.000Z',
      expiresAt: '2026-11-20T05:25:00.000Z',
    };
    const calls = stubApi((call) => {
      if (call.url.endsWith('/details')) return { data: { user: withAddress } };
      if (call.url.endsWith('/seat-leases') && call.method === 'GET') return { data: { leases: [held] } };
      if (call.method === 'DELETE') return { data: { message: 'The seat is free' } };
      if (call.url.endsWith('/devices')) return { data: { devices: [] } };
      return listOf([withAddress]);
    });
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'View details of ravi@example.in' }));
    const seats = await screen.findByRole('region', { name: 'Seats in use' });
    expect(seats).toHaveTextContent('KIRAN-PC · kiran@example.in · since 20 Nov 2026');
    fireEvent.click(within(seats).getByRole('button', { name: 'Free the seat of KIRAN-PC' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith(`/seat-leases/${held.id}`))).toBe(true));
  });

  it('when the admin changes a plan, then the body follows behaviour.md §4, the success notice shows and the list is fetched again', async () => {
    const calls = stubApi((call) => (call.method === 'PUT' ? { data: { message: 'ok' } } : listOf([user()])));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage meera@example.in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Subscription' });
    fireEvent.change(within(dialog).getByLabelText('Plan'), { target: { value: 'business' } });
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'active' } });
    fireEvent.change(within(dialog).getByLabelText('Start Date'), { target: { value: '2026-11-22' } });
    fireEvent.change(within(dialog).getByLabelText('End Date'), { target: { value: '2026-12-22' } });
    fireEvent.change(within(dialog).getByLabelText('Plan Price (₹ per month)'), { target: { value: '2000' } });
    const listsBefore = calls.filter((call) => call.method === 'GET').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Subscription' }));
    expect(await screen.findByText('User subscription updated successfully!')).toBeInTheDocument();
    const put = calls.find((call: StubCall) => call.method === 'PUT');
    expect(put?.url).toBe('/api/admin/users/65a000000000000000000001/subscription');
    expect(put?.body).toEqual({
      subscriptionPlan: 'business',
      subscriptionStatus: 'active',
      subscriptionStartDate: '2026-11-22',
      subscriptionEndDate: '2026-12-22',
      trialEnd: null,
      planPrice: 2000,
    });
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBe(listsBefore + 1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the status is trial, then the end date is also sent as the trial end; a failure shows the server’s message in the dialog', async () => {
    expect(subscriptionUpdateBody({ plan: 'trial', status: 'trial', startDate: '', endDate: '2026-12-31', price: '' })).toEqual({
      subscriptionPlan: 'trial',
      subscriptionStatus: 'trial',
      subscriptionStartDate: null,
      subscriptionEndDate: '2026-12-31',
      trialEnd: '2026-12-31',
      planPrice: 0,
    });
    let reply = { status: 500, data: {} as object };
    stubApi((call) => (call.method === 'PUT' ? reply : listOf([user()])));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage meera@example.in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Subscription' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Subscription' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update user subscription');
    reply = { status: 400, data: { error: 'bad_request', message: 'Plan must be one of: none, trial' } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Subscription' }));
    expect(await within(dialog).findByText('Plan must be one of: none, trial')).toBeInTheDocument();
  });

  it('when the end date is before the start or the price is not a number, then each field says so and nothing is sent (D10)', async () => {
    const calls = stubApi(() => listOf([user()]));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage meera@example.in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Subscription' });
    fireEvent.change(within(dialog).getByLabelText('Start Date'), { target: { value: '2026-12-22' } });
    fireEvent.change(within(dialog).getByLabelText('End Date'), { target: { value: '2026-11-22' } });
    fireEvent.change(within(dialog).getByLabelText('Plan Price (₹ per month)'), { target: { value: 'ten' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Subscription' }));
    expect(within(dialog).getByLabelText('End Date')).toHaveAccessibleDescription('The end date must not be before the start date');
    expect(within(dialog).getByLabelText('Plan Price (₹ per month)')).toHaveAccessibleDescription('Plan price must be a number');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('when a delete runs, then the dialog lists what goes and stays, shows Deleting... with both buttons disabled, then the success text', async () => {
    let finish: (value: { data: unknown }) => void = () => undefined;
    let users = [user()];
    stubApi((call) => (call.method === 'DELETE' ? new Promise((resolve) => (finish = resolve)) : listOf(users)));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete meera@example.in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(within(dialog).getByText('subscription and billing details')).toBeInTheDocument();
    expect(within(dialog).getByText('desktop sign-ins and device activations')).toBeInTheDocument();
    expect(within(dialog).getByText('download history')).toBeInTheDocument();
    expect(within(dialog).getByText('Kept: payment records, anonymised, and tax invoices, for accounting.')).toBeInTheDocument();
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    users = [];
    await act(async () => finish({ data: { message: 'User meera@example.in has been deleted successfully.' } }));
    expect(await screen.findByText('User meera@example.in has been deleted successfully.')).toBeInTheDocument();
    expect(await screen.findByText('No users found. Try searching with different criteria.')).toBeInTheDocument();
  });

  it('when a delete fails, then the server’s message is shown, else the fallback, and the buttons come back', async () => {
    let reply: { status: number; data: unknown } = { status: 404, data: { error: 'not_found', message: 'User not found' } };
    stubApi((call) => (call.method === 'DELETE' ? reply : listOf([user()])));
    renderWithQueries(<UsersTab paymentsOf={paymentsOf} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete meera@example.in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('User not found');
    reply = { status: 502, data: {} };
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to delete user'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
