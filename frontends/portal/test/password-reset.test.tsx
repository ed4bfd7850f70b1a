import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    const calls = stubApi(() => ({}));
    renderPage(<ResetPassword />, '/reset-password?token=t1');
    await userEvent.type(screen.getByLabelText('New password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    await userEvent.type(screen.getByLabelText('New password'), '6');
    await userEvent.type(screen.getByLabelText('Confirm new password'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(calls).toHaveLength(0);
  });

  it("when the link's token is accepted, then the password is set and a way to sign in is offered", async () => {
    const calls = stubApi(() => ({ data: { message: 'Your password has been reset. You can sign in now.' } }));
    renderPage(<ResetPassword />, '/reset-password?token=t1');
    await userEvent.type(screen.getByLabelText('New password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been reset. You can sign in now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls[0]).toMatchObject({ url: '/api/auth/reset-password', body: { token: 't1', newPassword: 'secret12' } });
  });

  it("when the token has expired, then the server's message is shown and the form stays", async () => {
    stubApi(() => ({ status: 400, data: { error: 'bad_request', message: 'This reset link has expired.' } }));
    renderPage(<ResetPassword />, '/reset-password?token=old');
    await userEvent.type(screen.getByLabelText('New password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired.');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeInTheDocument();
  });
});
