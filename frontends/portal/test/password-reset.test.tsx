import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESET_MESSAGES } from '@portal/contracts';
import ForgotPassword from '../src/pages/ForgotPassword';
import ResetPassword from '../src/pages/ResetPassword';
import { stubApi } from '../../ui/test/stub-api';
import { renderPage } from './render';

describe('forgot and reset password pages', () => {
  it('when no e-mail is given, then "Email is required" and nothing is sent', async () => {
    const calls = stubApi(() => ({}));
    renderPage(<ForgotPassword />, '/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is required');
    expect(calls).toHaveLength(0);
  });

  it("when an e-mail is sent, then the server's answer is shown", async () => {
    const calls = stubApi(() => ({ data: { message: 'If an account exists for that address, a reset link is on its way.' } }));
    renderPage(<ForgotPassword />, '/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If an account exists for that address, a reset link is on its way.')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/auth/forgot-password', body: { email: 'asha@example.in' } }),
    ]);
  });

  it('when the new passwords are short or differ, then the §5 messages and nothing is sent', async () => {
    const calls = stubApi(() => ({ data: { valid: true } }));
    renderPage(<ResetPassword />, '/reset-password?token=t1');
    await userEvent.type(await screen.findByLabelText('New password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    await userEvent.type(screen.getByLabelText('New password'), '6');
    await userEvent.type(screen.getByLabelText('Confirm new password'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/reset-password/check']);
  });

  it("when the link's token is accepted, then the password is set and a way to sign in is offered", async () => {
    const calls = stubApi(() => ({ data: { valid: true, message: 'Your password has been reset. You can sign in now.' } }));
    renderPage(<ResetPassword />, '/reset-password?token=t1');
    await userEvent.type(await screen.findByLabelText('New password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been reset. You can sign in now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls[0]).toMatchObject({ url: '/api/auth/reset-password/check', body: { token: 't1' } });
    expect(calls[1]).toMatchObject({ url: '/api/auth/reset-password', body: { token: 't1', newPassword: 'secret12' } });
  });

  it("when the link has expired, then the server's message shows at once, with a way to ask for a new one, and no form", async () => {
    stubApi(() => ({ status: 400, data: { error: 'bad_request', message: RESET_MESSAGES.expired } }));
    renderPage(<ResetPassword />, '/reset-password?token=old-token-0123456789');
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_MESSAGES.expired);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('when the page opens without a token, then it says the link is not valid without asking the server (D11)', async () => {
    const calls = stubApi(() => ({ data: { valid: true } }));
    renderPage(<ResetPassword />, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_MESSAGES.unknown);
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('when the password is set but the link was used meanwhile, then the server’s message shows and the form stays', async () => {
    stubApi((call) =>
      call.url.endsWith('/check')
        ? { data: { valid: true } }
        : { status: 400, data: { error: 'bad_request', message: RESET_MESSAGES.used } },
    );
    renderPage(<ResetPassword />, '/reset-password?token=t1');
    await userEvent.type(await screen.findByLabelText('New password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_MESSAGES.used);
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeInTheDocument();
  });
});
