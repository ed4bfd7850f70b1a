import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHONE_MESSAGES } from '@portal/contracts';
import { session } from '@portal/ui';
import Login from '../src/pages/Login';
import { stubApi } from '../../ui/test/stub-api';
import { renderPage } from './render';

const status = { data: { subscriptionStatus: 'trial', email: 'meera@example.in' } };

describe('sign-in by a code sent by SMS', () => {
  afterEach(() => localStorage.clear());

  it('when a person asks for a code for their verified number and types it, then they are signed in; a wrong code says so', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/auth/login/mobile/code') return { status: 202, data: { message: PHONE_MESSAGES.signInCodeSent } };
      if (call.url === '/api/auth/login/mobile') {
        if ((call.body as { code: string }).code !== '482913') return { status: 400, data: { message: PHONE_MESSAGES.codeWrong } };
        return { data: { token: 'mobile-session', user: { email: 'meera@example.in' } } };
      }
      return status;
    });
    renderPage(<Login />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Use a code sent by SMS instead' }));
    await userEvent.type(screen.getByLabelText('Mobile number'), '98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PHONE_MESSAGES.signInCodeSent)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Code from the SMS'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(PHONE_MESSAGES.codeWrong)).toBeInTheDocument();
    expect(session.token()).toBeNull();

    await userEvent.clear(screen.getByLabelText('Code from the SMS'));
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '482913');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(session.token()).toBe('mobile-session');
    expect(calls.filter((call) => call.url.startsWith('/api/auth/login/mobile')).map((call) => call.body)).toEqual([
      { mobile: '98765 43210' },
      { mobile: '98765 43210', code: '111111' },
      { mobile: '98765 43210', code: '482913' },
    ]);
  });

  it('when the number is verified on no account, then the page says how to verify it and asks for no code', async () => {
    stubApi((call) =>
      call.url === '/api/auth/login/mobile/code' ? { status: 404, data: { message: PHONE_MESSAGES.numberNotVerified } } : status,
    );
    renderPage(<Login />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Use a code sent by SMS instead' }));
    await userEvent.type(screen.getByLabelText('Mobile number'), '98000 00001');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PHONE_MESSAGES.numberNotVerified)).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from the SMS')).toBeNull();
  });
});
