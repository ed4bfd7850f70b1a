import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OWN_SIGN_IN_MESSAGES, SELF_SERVICE_MESSAGES, type OwnSignIn, type PublicUser } from '@portal/contracts';
import { session } from '@portal/ui';
import { collectMyData } from '../src/features/privacy/api';
import { SecurityAndPrivacy } from '../src/features/privacy/components/SecurityAndPrivacy';
import { withQueries } from '../src/queries';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { renderPage } from './render';

const user = (over: Partial<PublicUser> = {}): PublicUser => ({
  _id: 'u1',
  email: 'meera.iyer@example.in',
  firstName: 'Meera',
  lastName: 'Iyer',
  displayName: 'Meera Iyer',
  picture: null,
  isGoogleUser: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  personalInfo: { profileComplete: false },
  profileCompletionPercentage: 40,
  consent: { terms: '2026-11-24', privacy: '2026-11-24', acceptedAt: '2026-11-23T19:00:00.000Z' },
  ...over,
});
const Tab = withQueries(() => <SecurityAndPrivacy user={user()} />);
const GoogleTab = withQueries(() => <SecurityAndPrivacy user={user({ isGoogleUser: true })} />);

describe('Profile → Security and Privacy (behaviour.md §3)', () => {
  beforeEach(() => session.save('user-token', { email: 'meera.iyer@example.in' }));
  afterEach(() => localStorage.clear());

  it('when the new passwords differ, then it says so before asking; changed, this session keeps the new token', async () => {
    const calls = stubApi((call: StubCall) =>
      call.url === '/api/auth/password'
        ? { data: { token: 'fresh-token', message: SELF_SERVICE_MESSAGES.passwordChanged } }
        : { data: { subscriptionStatus: 'trial', email: 'meera.iyer@example.in' } },
    );
    renderPage(<Tab />, '/profile');
    const form = screen.getByRole('region', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'secret12');
    await userEvent.type(within(form).getByLabelText('New password'), 'brand-new-secret');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'brand-new-secreT');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(calls.some((call) => call.url === '/api/auth/password')).toBe(false);

    await userEvent.clear(within(form).getByLabelText('Confirm new password'));
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'brand-new-secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(SELF_SERVICE_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/auth/password')?.body).toEqual({
      currentPassword: 'secret12',
      newPassword: 'brand-new-secret',
    });
    expect(session.token()).toBe('fresh-token');
  });

  it('when a Google account opens the tab, then it sets a password without a current one, and confirms deletion with its e-mail', async () => {
    stubApi(() => ({ data: { subscriptionStatus: 'none', email: 'meera.iyer@example.in' } }));
    renderPage(<GoogleTab />, '/profile');
    const form = screen.getByRole('region', { name: 'Set a password' });
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByLabelText('Type your e-mail (meera.iyer@example.in) to confirm')).toBeInTheDocument();
  });

  it('when a paying customer deletes the account, then the paid plan is named first; the password confirms, and the session ends', async () => {
    const calls = stubApi((call: StubCall) => {
      if (call.url === '/api/account/delete') {
        const right = (call.body as { password: string }).password === 'secret12';
        return right
          ? { data: { message: SELF_SERVICE_MESSAGES.deleted } }
          : { status: 400, data: { message: SELF_SERVICE_MESSAGES.currentPasswordWrong } };
      }
      return {
        data: {
          subscriptionStatus: 'professional',
          subscriptionPlan: 'professional',
          subscriptionEndDate: '2027-01-22T18:30:00.000Z',
          email: 'meera.iyer@example.in',
        },
      };
    });
    renderPage(<Tab />, '/profile');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/subscription-status')).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(await within(dialog).findByText(/Your Professional plan is paid until 23 Jan 2027/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await within(dialog).findByText(SELF_SERVICE_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(session.token()).toBe('user-token');

    await userEvent.clear(within(dialog).getByLabelText('Your password'));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(session.token()).toBeNull();
  });

  it('when the data is collected, then the server joins it in one call, which the page saves as it came', async () => {
    const document = { exportedAt: '2026-11-26T06:00:00.000Z', profile: { email: 'meera.iyer@example.in' }, mandates: [], downloads: [] };
    const calls = stubApi(() => ({ data: document }));
    expect(await collectMyData()).toEqual(document);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/account/my-data']);
  });

  it('when the tab lists the recent sign-ins, then each shows its IST time, browser or computer (marked when new), address and second factor; "This wasn’t me" ends every session', async () => {
    const signIns: OwnSignIn[] = [
      {
        at: '2026-11-27T04:42:00.000Z',
        address: '203.0.113.99',
        device: 'Desktop app on “Kiran’s desk”',
        desktop: true,
        secondFactor: false,
        newDevice: true,
      },
      {
        at: '2026-11-27T04:31:00.000Z',
        address: '203.0.113.31',
        device: 'Chrome on Windows',
        desktop: false,
        secondFactor: true,
        newDevice: false,
      },
    ];
    const calls = stubApi((call: StubCall) => {
      if (call.url === '/api/account/sign-ins') return { data: { signIns } };
      if (call.url === '/api/auth/not-me') return { data: { message: OWN_SIGN_IN_MESSAGES.notMe } };
      return { data: { subscriptionStatus: 'trial', email: 'meera.iyer@example.in' } };
    });
    renderPage(<Tab />, '/profile');
    const table = await screen.findByRole('region', { name: 'Recent sign-ins' });
    const rows = await within(table).findAllByRole('row');
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['27 Nov 2026, 10:12 am', 'Desktop app on “Kiran’s desk” New device', '203.0.113.99', 'approved on the web'],
      ['27 Nov 2026, 10:01 am', 'Chrome on Windows', '203.0.113.31', 'yes'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'This wasn’t me' }));
    const dialog = await screen.findByRole('dialog', { name: 'End every session?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End every session' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(calls.filter((call) => call.url === '/api/auth/not-me').map((call) => call.method)).toEqual(['POST']);
    expect(session.token()).toBeNull();
  });
});
