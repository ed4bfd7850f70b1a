import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from '@portal/contracts';
import { session } from '@portal/ui';
import Profile from '../src/pages/Profile';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { renderPage } from './render';

const user = (over: Partial<PublicUser> = {}): PublicUser => ({
  _id: 'u1',
  email: 'meera.iyer@example.in',
  firstName: 'Meera',
  lastName: '',
  displayName: '',
  picture: null,
  isGoogleUser: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  personalInfo: { profileComplete: false },
  profileCompletionPercentage: 40,
  consent: null,
  ...over,
});
const trialStatus = {
  subscriptionStatus: 'trial',
  subscriptionPlan: 'trial',
  email: 'meera.iyer@example.in',
  // 00:30 on 1 December in India: the page shows India's date, not UTC's 30 November
  trialEnd: '2026-11-30T19:00:00.000Z',
  daysRemaining: 9,
  canStartTrial: false,
};

/** The auth service's profile calls, and the status and tracking calls every signed-in page makes. */
function services(profile: PublicUser, status: object = trialStatus) {
  return stubApi((call: StubCall) => {
    if (call.url === '/api/auth/profile' && call.method === 'GET') return { data: { user: profile } };
    if (call.url === '/api/auth/profile' && call.method === 'PUT') {
      const body = call.body as { personalInfo: PublicUser['personalInfo'] };
      const saved = user({ ...profile, personalInfo: { ...profile.personalInfo, ...body.personalInfo }, profileCompletionPercentage: 70 });
      return { data: { user: saved, message: 'ok' } };
    }
    if (call.url === '/api/subscription-status') return { data: status };
    if (call.url === '/api/payment/plans') {
      return {
        data: {
          professional: {
            name: 'Professional',
            monthlyPrice: 1000,
            annualPrice: 9600,
            annualOriginal: 12000,
            features: [],
            terms: ['monthly', 'annual'],
          },
        },
      };
    }
    return { data: {} };
  });
}

describe('profile page', () => {
  beforeEach(() => {
    localStorage.clear();
    session.save('user-token', { email: 'meera.iyer@example.in' });
  });

  it('when the profile is incomplete, then the greeting, the badge, the completion bar and both prompts show, and the view is tracked', async () => {
    const calls = services(user());
    renderPage(<Profile />, '/profile');
    expect(await screen.findByRole('heading', { name: 'Hello, Meera' })).toBeInTheDocument();
    expect(await screen.findByText('Free Trial')).toHaveClass('badge');
    expect(screen.getByText('Your profile is 40% complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Profile completion' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Complete Your Profile')).toBeInTheDocument();
    expect(screen.getByText('Add Your Address')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/track-usage')).toBe(true));
    expect(calls.find((call) => call.url === '/api/track-usage')?.body).toMatchObject({
      action: 'profile_viewed',
      details: { completion: 40, subscriptionStatus: expect.any(String) },
    });
  });

  it('when opened with complete-profile=true, then the personal tab is open for editing; saving tracks profile_updated', async () => {
    const calls = services(user());
    renderPage(<Profile />, '/profile?complete-profile=true');
    await userEvent.type(await screen.findByLabelText('Age'), '41');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'female');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      firstName: 'Meera',
      personalInfo: { age: 41, gender: 'female' },
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/track-usage').map((call) => (call.body as { action: string }).action)).toContain(
        'profile_updated',
      ),
    );
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('when the profile is complete, then no completion bar; the subscription tab shows the trial expiry and days left', async () => {
    services(
      user({
        lastName: 'Iyer',
        profileCompletionPercentage: 100,
        personalInfo: {
          profileComplete: true,
          age: 41,
          gender: 'female',
          address: { street: '1 MG Road', city: 'Pune', state: 'MH', pincode: '411001', country: 'India' },
        },
      }),
    );
    renderPage(<Profile />, '/profile');
    expect(await screen.findByRole('heading', { name: 'Hello, Meera Iyer' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText('Complete Your Profile')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Subscription' }));
    expect(await screen.findByText('Trial Expires')).toBeInTheDocument();
    expect(screen.getByText('1 Dec 2026 (9 days remaining)')).toBeInTheDocument();
  });

  it('when an annual plan was bought, then the subscription tab names it in words with its yearly price (D7)', async () => {
    services(user(), {
      ...trialStatus,
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      billingPeriod: 'annual',
      planPrice: 1000,
      subscriptionEndDate: '2027-11-23T18:30:00.000Z',
      daysRemaining: 365,
    });
    renderPage(<Profile />, '/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect(await screen.findByText('₹9,600/year')).toBeInTheDocument();
    expect(screen.getByText('Professional')).toBeInTheDocument();
    expect(screen.getByText('Annual')).toBeInTheDocument();
    expect(screen.queryByText(/professional|\/month/)).not.toBeInTheDocument();
  });

  it('when a tax-year term was bought, then the subscription tab names it and its price a tax year', async () => {
    services(user(), {
      ...trialStatus,
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      billingPeriod: 'tax-year',
      planPrice: 1000,
      subscriptionEndDate: '2027-03-31T18:29:59.999Z',
      daysRemaining: 124,
    });
    renderPage(<Profile />, '/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect(await screen.findByText('₹9,600/tax year')).toBeInTheDocument();
    expect(screen.getByText('Tax year')).toBeInTheDocument();
  });

  it('when no plan was ever taken, then the tab says so in words, not "none"', async () => {
    services(user(), { ...trialStatus, subscriptionStatus: 'none', subscriptionPlan: 'none', canStartTrial: true });
    renderPage(<Profile />, '/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect(await screen.findByText('No plan')).toBeInTheDocument();
    expect(screen.queryByText('none')).not.toBeInTheDocument();
  });

  it('when an e-mailed link names a tab, then that tab opens; an unknown one opens Basic Info', async () => {
    services(user());
    const opened = async (path: string) => {
      const { unmount } = renderPage(<Profile />, path);
      const selected = (await screen.findAllByRole('tab')).find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
      unmount();
      return selected;
    };
    expect(await opened('/profile?tab=privacy')).toBe('Security and Privacy');
    expect(await opened('/profile?tab=devices')).toBe('Devices');
    expect(await opened('/profile?tab=constructor')).toBe('Basic Info');
  });

  it('when the profile cannot be loaded, then "Failed to load profile"', async () => {
    stubApi((call) => (call.url === '/api/auth/profile' ? { status: 500, data: {} } : { data: trialStatus }));
    renderPage(<Profile />, '/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile');
  });
});

describe('the Billing tab', () => {
  beforeEach(() => {
    localStorage.clear();
    session.save('user-token', { email: 'meera.iyer@example.in' });
  });

  it('when a mistyped GSTIN is left, then the field says so at once; once corrected, the details are saved and confirmed', async () => {
    const calls = stubApi((call: StubCall) => {
      if (call.url === '/api/auth/profile') return { data: { user: user() } };
      if (call.url === '/api/billing/profile' && call.method === 'GET') return { data: { profile: null } };
      if (call.url === '/api/billing/profile' && call.method === 'PUT') {
        const body = call.body as Record<string, string>;
        return { data: { profile: { ...body, gstin: body.gstin?.toUpperCase() }, message: 'Billing details saved' } };
      }
      if (call.url === '/api/subscription-status') return { data: trialStatus };
      return { data: {} };
    });
    renderPage(<Profile />, '/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Billing' }));
    const gstin = await screen.findByLabelText('GSTIN (optional)');
    await userEvent.type(screen.getByLabelText('Legal or business name'), 'Iyer & Associates');
    await userEvent.selectOptions(screen.getByLabelText('State'), '27');
    await userEvent.type(gstin, '27AAPFU0939F1ZW');
    await userEvent.tab();
    expect(await screen.findByText(/its last character does not match the rest/)).toBeInTheDocument();
    await userEvent.clear(gstin);
    await userEvent.type(gstin, '27aapfu0939f1zv');
    await userEvent.tab();
    expect(screen.queryByText(/its last character does not match the rest/)).toBeNull();
    await userEvent.type(screen.getByLabelText('Billing address'), '12 MG Road');
    await userEvent.type(screen.getByLabelText('City'), 'Pune');
    await userEvent.type(screen.getByLabelText('Pincode'), '411001');
    await userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('Billing details saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT' && call.url === '/api/billing/profile')?.body).toEqual({
      legalName: 'Iyer & Associates',
      gstin: '27aapfu0939f1zv',
      street: '12 MG Road',
      city: 'Pune',
      pincode: '411001',
      stateCode: '27',
    });
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
  });

  it('when the server refuses the GSTIN for the chosen state, then its reason is shown', async () => {
    stubApi((call: StubCall) => {
      if (call.url === '/api/auth/profile') return { data: { user: user() } };
      if (call.url === '/api/billing/profile' && call.method === 'GET')
        return { data: { profile: { legalName: 'Iyer', street: '1 Road', city: 'Pune', pincode: '411001', stateCode: '27' } } };
      if (call.url === '/api/billing/profile')
        return { status: 400, data: { error: 'bad_request', message: 'This GSTIN is registered in another state than Karnataka' } };
      if (call.url === '/api/subscription-status') return { data: trialStatus };
      return { data: {} };
    });
    renderPage(<Profile />, '/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Billing' }));
    expect(await screen.findByDisplayValue('Iyer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This GSTIN is registered in another state than Karnataka');
  });
});

describe('the Devices tab', () => {
  beforeEach(() => {
    localStorage.clear();
    session.save('user-token', { email: 'meera.iyer@example.in' });
  });

  it('when the user opens Devices, then each activated computer shows and Deactivate frees it', async () => {
    let devices = [
      {
        deviceId: 'a'.repeat(64),
        deviceName: 'MEERA-OFFICE',
        os: 'Windows 11 Pro',
        appVersion: '1.2.0',
        activatedAt: '2026-11-01T05:00:00.000Z',
        lastSeenAt: '2026-11-21T19:00:00.000Z', // 00:30 on the 22nd in India
      },
    ];
    const calls = stubApi((call: StubCall) => {
      if (call.url === '/api/auth/profile') return { data: { user: user() } };
      if (call.url === '/api/licenses/devices') return { data: { devices } };
      if (call.method === 'DELETE') {
        devices = [];
        return { data: { message: 'Device deactivated' } };
      }
      if (call.url === '/api/subscription-status') return { data: trialStatus };
      return { data: {} };
    });
    renderPage(<Profile />, '/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Devices' }));
    const list = await screen.findByRole('region', { name: 'Devices' });
    expect(await screen.findByText('MEERA-OFFICE')).toBeInTheDocument();
    expect(list).toHaveTextContent('Windows 11 Pro · app 1.2.0');
    expect(list).toHaveTextContent('Last seen 22 Nov 2026, 12:30 am');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate MEERA-OFFICE' }));
    expect(await screen.findByText('Device deactivated')).toBeInTheDocument();
    expect(await screen.findByText(/No devices yet/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/licenses/devices/${'a'.repeat(64)}`);
  });
});

describe('the Firms tab', () => {
  beforeEach(() => {
    localStorage.clear();
    session.save('user-token', { email: 'meera.iyer@example.in' });
  });

  const firm = (invitations: object[]) => ({
    id: 'f'.repeat(24),
    name: 'Iyer & Co',
    role: 'owner',
    owner: { userId: 'u1', email: 'meera.iyer@example.in', name: 'Meera' },
    seats: { bought: 3, used: 2 },
    members: [
      { userId: 'u1', email: 'meera.iyer@example.in', name: 'Meera', role: 'owner', joinedAt: '2026-11-01T05:00:00.000Z' },
      { userId: 'u2', email: 'arun@example.in', name: 'Arun', role: 'member', joinedAt: '2026-11-02T05:00:00.000Z' },
    ],
    invitations,
    createdAt: '2026-11-01T05:00:00.000Z',
  });

  it('when the owner opens Firms, then the seats and members show; an invitation is sent, and a refusal shows the reason', async () => {
    let invitations: object[] = [];
    const calls = stubApi((call: StubCall) => {
      if (call.url === '/api/auth/profile') return { data: { user: user() } };
      if (call.url === '/api/firms') return { data: { firms: [{ id: 'f'.repeat(24), name: 'Iyer & Co', role: 'owner' }] } };
      if (call.url === `/api/firms/${'f'.repeat(24)}`) return { data: { firm: firm(invitations) } };
      if (call.url.endsWith('/invitations') && call.method === 'POST') {
        const { email } = call.body as { email: string };
        if (email === 'fourth@example.in')
          return { status: 409, data: { message: 'All 3 seats are in use. Buy more seats, or remove a member, before inviting someone.' } };
        invitations = [
          {
            id: 'i'.repeat(24),
            email,
            role: 'member',
            invitedBy: 'meera.iyer@example.in',
            createdAt: '2026-11-24T05:00:00.000Z',
            expiresAt: '2026-12-01T05:00:00.000Z',
          },
        ];
        return { status: 201, data: { message: `Invitation sent to ${email}.` } };
      }
      if (call.url === '/api/subscription-status') return { data: trialStatus };
      return { data: {} };
    });
    renderPage(<Profile />, '/profile?tab=firms');
    const panel = await screen.findByRole('region', { name: 'Iyer & Co' });
    await waitFor(() => expect(panel).toHaveTextContent('Seats: 2 of 3 in use'));
    expect(panel).toHaveTextContent('arun@example.in · member');

    await userEvent.type(screen.getByLabelText('E-mail of the person to invite'), 'staff@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to staff@example.in.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/invitations'))?.body).toEqual({ email: 'staff@example.in', role: 'member' });
    expect(await screen.findByRole('button', { name: 'Withdraw the invitation to staff@example.in' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('E-mail of the person to invite'), 'fourth@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('All 3 seats are in use.');
  });

  it('when a person opens an invitation link, then the firm and inviter show and Join accepts it', async () => {
    const token = 'T'.repeat(43);
    let joined = false;
    const calls = stubApi((call: StubCall) => {
      if (call.url === '/api/auth/profile') return { data: { user: user() } };
      if (call.url === `/api/firm-invitations/${token}`)
        return {
          data: {
            invitation: {
              firmName: 'Rao Associates',
              email: 'meera.iyer@example.in',
              role: 'member',
              invitedBy: 'rao@example.in',
              expiresAt: '2026-11-30T19:00:00.000Z',
            },
          },
        };
      if (call.url === '/api/firms/invitations/accept') {
        joined = true;
        return { data: { firmId: 'a'.repeat(24), message: 'You joined Rao Associates.' } };
      }
      if (call.url === '/api/firms')
        return { data: { firms: joined ? [{ id: 'a'.repeat(24), name: 'Rao Associates', role: 'member' }] : [] } };
      if (call.url === `/api/firms/${'a'.repeat(24)}`)
        return { data: { firm: { ...firm([]), id: 'a'.repeat(24), name: 'Rao Associates', role: 'member', invitations: undefined } } };
      if (call.url === '/api/subscription-status') return { data: trialStatus };
      return { data: {} };
    });
    renderPage(<Profile />, `/profile?tab=firms&invitation=${token}`);
    const box = await screen.findByRole('region', { name: 'Invitation' });
    expect(box).toHaveTextContent(
      'rao@example.in invited meera.iyer@example.in to join Rao Associates as a member. The invitation is open until 1 Dec 2026.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Join Rao Associates' }));
    expect(await screen.findByText('You joined Rao Associates.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/firms/invitations/accept')?.body).toEqual({ token });
    expect(await screen.findByRole('region', { name: 'Rao Associates' })).toHaveTextContent('Your role: member');
    expect(screen.queryByRole('form', { name: 'Invite a person' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave firm' })).toBeInTheDocument();
  });
});
