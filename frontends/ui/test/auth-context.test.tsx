import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { api, AuthProvider, session, useAuth } from '@portal/ui';
import { stubApi } from './stub-api';
import { Where } from './where';

function SignInHere() {
  const auth = useAuth();
  return (
    <>
      <output data-testid="state">{auth.state}</output>
      <button onClick={() => void auth.signIn('new-token', { email: 'meera.iyer@example.in' }, '/dashboard')}>Sign In</button>
    </>
  );
}

const status = { subscriptionStatus: 'trial', subscriptionPlan: 'trial', email: 'meera.iyer@example.in', firstName: 'Meera' };

describe('the session the auth provider keeps (behaviour.md §4, §8)', () => {
  afterEach(() => localStorage.clear());

  it('when the person signs in while the check of an ended session is still on its way, then its late refusal neither signs them out nor sends them away', async () => {
    session.save('ended-token', {});
    const late: Array<() => void> = [];
    const calls = stubApi((call) => {
      if (call.authorization === 'Bearer ended-token') return new Promise((resolve) => late.push(() => resolve({ status: 401 })));
      return { data: call.url === '/api/auth/consent' ? { consent: null, required: false } : status };
    });
    render(
      <MemoryRouter initialEntries={['/login']}>
        <AuthProvider pathname="/login">
          <SignInHere />
          <Where />
        </AuthProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(late).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('authenticated'));
    await act(async () => late.forEach((answer) => answer()));

    expect(calls.filter((call) => call.authorization === 'Bearer new-token').map((call) => call.url)).toEqual([
      '/api/subscription-status',
      '/api/auth/consent',
    ]);
    expect(screen.getByTestId('state')).toHaveTextContent(/^authenticated$/);
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
    expect(session.token()).toBe('new-token');
  });

  it('when the person signs out while the session’s check is on its way, then its late answer does not sign them back in', async () => {
    session.save('user-token', {});
    let answer: () => void = () => undefined;
    stubApi((call) => {
      if (call.url === '/api/subscription-status') return new Promise((resolve) => (answer = () => resolve({ data: status })));
      return { data: call.url === '/api/auth/consent' ? { consent: null, required: false } : {} };
    });
    function SignOutHere() {
      const auth = useAuth();
      return (
        <>
          <output data-testid="state">{auth.state}</output>
          <button onClick={() => void auth.signOut()}>Logout</button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <AuthProvider pathname="/dashboard">
          <SignOutHere />
        </AuthProvider>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('unauthenticated'));
    await act(async () => answer());
    expect(screen.getByTestId('state')).toHaveTextContent(/^unauthenticated$/);
    expect(session.token()).toBeNull();
  });

  it('when the stored session is refused, then the person is signed out and the token is gone', async () => {
    session.save('ended-token', {});
    stubApi(() => ({ status: 401 }));
    render(
      <MemoryRouter initialEntries={['/login']}>
        <AuthProvider pathname="/login">
          <SignInHere />
        </AuthProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('unauthenticated'));
    expect(session.token()).toBeNull();
  });

  describe('the consent gate the server holds', () => {
    const refusal = { status: 403, data: { error: 'consent_required', message: 'Please review…', versions: {}, ageRequired: true } };
    function Gate() {
      const auth = useAuth();
      return (
        <>
          <output data-testid="state">{auth.state}</output>
          <output data-testid="gate">{`${auth.consentRequired}/${auth.ageRequired}`}</output>
        </>
      );
    }

    /** A signed-in page's provider, once its session check has answered. */
    async function signedInAtDashboard() {
      render(
        <MemoryRouter initialEntries={['/dashboard']}>
          <AuthProvider pathname="/dashboard">
            <Gate />
          </AuthProvider>
        </MemoryRouter>,
      );
      await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^authenticated$/));
    }

    it('when the status call is refused until the person accepts, then they stay signed in and the gate asks, with the age', async () => {
      session.save('user-token', {});
      stubApi((call) => (call.url === '/api/auth/consent' ? { data: { consent: null, required: true, ageRequired: true } } : refusal));
      await signedInAtDashboard();
      expect(screen.getByTestId('gate')).toHaveTextContent('true/true');
      expect(session.token()).toBe('user-token');
    });

    it('when a call of an open page is refused for consent, then the gate shows without a reload', async () => {
      session.save('user-token', {});
      let policyRaised = false;
      stubApi((call) => {
        if (call.url === '/api/auth/consent') return { data: { consent: null, required: policyRaised, ageRequired: false } };
        if (policyRaised) return refusal;
        return { data: status };
      });
      await signedInAtDashboard();
      expect(screen.getByTestId('gate')).toHaveTextContent('false/false');
      policyRaised = true;
      await act(async () => {
        await api.get('/api/download/info').catch(() => undefined);
      });
      // the refusal's own body says the age is asked too
      await waitFor(() => expect(screen.getByTestId('gate')).toHaveTextContent('true/true'));
    });
  });
});
