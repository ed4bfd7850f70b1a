import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_MESSAGES } from '@portal/contracts';
import { session } from '@portal/ui';
import Activate from '../src/pages/Activate';
import Login from '../src/pages/Login';
import { nextPath } from '../src/pages/next-path';
import { stubApi } from '../../ui/test/stub-api';
import { renderPage } from './render';

const status = { data: { subscriptionStatus: 'trial', subscriptionPlan: 'trial', email: 'ravi@example.in', daysRemaining: 20 } };

describe('/activate: connecting the desktop app', () => {
  beforeEach(() => localStorage.clear());

  it('when a visitor opens the app’s link, then they are offered to log in or sign up and come back with the code', async () => {
    stubApi(() => ({ status: 401, data: {} }));
    renderPage(<Activate />, '/activate?user_code=bcdf-ghjk');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Factivate%3Fuser_code%3DBCDF-GHJK');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?next=%2Factivate%3Fuser_code%3DBCDF-GHJK');
  });

  it('when a signed-in user opens the link, then the asking device is named and Allow confirms the code', async () => {
    session.save('user-token', { email: 'ravi@example.in' });
    const calls = stubApi((call) => {
      if (call.url === '/api/auth/device/pending') {
        return { data: { device: { userCode: 'BCDF-GHJK', deviceName: 'Ravi’s office PC', expiresAt: '2026-11-23T06:40:00.000Z' } } };
      }
      if (call.url === '/api/auth/device/decision') return { data: { message: DEVICE_MESSAGES.approved } };
      return status;
    });
    renderPage(<Activate />, '/activate?user_code=bcdfghjk');
    expect(await screen.findByText('Ravi’s office PC')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/auth/device/pending')?.params).toEqual({ user_code: 'BCDF-GHJK' });
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText(DEVICE_MESSAGES.approved)).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/auth/device/decision')?.body).toEqual({ user_code: 'BCDF-GHJK', decision: 'approve' });
  });

  it('when a member of two firms allows the app, then they choose whose seat it works on, and the choice goes with the decision', async () => {
    session.save('user-token', { email: 'ravi@example.in' });
    const calls = stubApi((call) => {
      if (call.url === '/api/auth/device/pending') {
        return { data: { device: { userCode: 'BCDF-GHJK', deviceName: 'Desk 4', expiresAt: '2026-11-23T06:40:00.000Z' } } };
      }
      if (call.url === '/api/firms') {
        return {
          data: {
            firms: [
              { id: 'a'.repeat(24), name: 'Iyer & Associates', role: 'member' },
              { id: 'b'.repeat(24), name: 'Rao Tax Desk', role: 'admin' },
            ],
          },
        };
      }
      if (call.url === '/api/auth/device/decision') return { data: { message: DEVICE_MESSAGES.approved } };
      return status;
    });
    renderPage(<Activate />, '/activate?user_code=bcdfghjk');
    const choice = await screen.findByRole('group', { name: 'Use the app for' });
    expect(screen.getByRole('radio', { name: /My own plan/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Rao Tax Desk' }));
    expect(choice).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText(DEVICE_MESSAGES.approved)).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/auth/device/decision')?.body).toEqual({
      user_code: 'BCDF-GHJK',
      decision: 'approve',
      firmId: 'b'.repeat(24),
    });
  });

  it('when the code is not valid, then the page says so and another code can be entered', async () => {
    session.save('user-token', { email: 'ravi@example.in' });
    stubApi((call) => (call.url === '/api/auth/device/pending' ? { status: 404, data: { message: DEVICE_MESSAGES.codeInvalid } } : status));
    renderPage(<Activate />, '/activate?user_code=BCDF-GHJK');
    expect(await screen.findByRole('alert')).toHaveTextContent(DEVICE_MESSAGES.codeInvalid);
    await userEvent.click(screen.getByRole('button', { name: 'Enter another code' }));
    await userEvent.type(screen.getByLabelText('Code'), 'wdjb mjht');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/activate?user_code=WDJB-MJHT'));
  });

  it('when someone signs in from the activate page, then they go back to it, and never to another site', async () => {
    stubApi((call) => (call.url === '/api/auth/login' ? { data: { token: 't', user: { email: 'ravi@example.in' } } } : status));
    renderPage(<Login />, '/login?next=%2Factivate%3Fuser_code%3DBCDF-GHJK');
    await userEvent.type(screen.getByLabelText('Email'), 'ravi@example.in');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/activate?user_code=BCDF-GHJK'));
    const params = (next: string) => new URLSearchParams({ next });
    expect(nextPath(params('//evil.example/x'), '/dashboard')).toBe('/dashboard');
    expect(nextPath(params('https://evil.example'), '/dashboard')).toBe('/dashboard');
    expect(nextPath(params('/\\evil.example'), '/dashboard')).toBe('/dashboard');
    expect(nextPath(new URLSearchParams(), '/dashboard')).toBe('/dashboard');
  });
});
