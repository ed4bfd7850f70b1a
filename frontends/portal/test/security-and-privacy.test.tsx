import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELF_SERVICE_MESSAGES, type PublicUser } from '@portal/contracts';
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

  it('when the data is collected, then the server joins it in one call, which the page saves as it came (issue #47)', async () => {
    const document = { exportedAt: '2026-11-26T06:00:00.000Z', profile: { email: 'meera.iyer@example.in' }, mandates: [], downloads: [] };
    const calls = stubApi(() => ({ data: document }));
    expect(await collectMyData()).toEqual(document);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/account/my-data']);
  });
});
