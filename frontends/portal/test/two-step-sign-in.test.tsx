import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SECOND_FACTOR_MESSAGES } from '@portal/contracts';
import { session } from '@portal/ui';
import { TwoStepSignIn } from '../src/features/privacy/components/TwoStepSignIn';
import Login from '../src/pages/Login';
import { withQueries } from '../src/queries';
import { stubApi } from '../../ui/test/stub-api';
import { renderPage } from './render';

const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const status = { data: { subscriptionStatus: 'trial', email: 'meera@example.in' } };

/** A practitioner's two-step sign-in: turned on from Security and Privacy, asked at sign-in. */
describe('two-step sign-in', () => {
  afterEach(() => localStorage.clear());

  it('when it is set up from Security and Privacy, then the app’s code turns it on, the recovery codes show once and the session keeps the new token', async () => {
    session.save('old-token', { email: 'meera@example.in' });
    let on = false;
    const calls = stubApi((call) => {
      if (call.url === '/api/auth/second-factor')
        return { data: { totp: on, recoveryCodesLeft: on ? 10 : 0, passkeys: [], requiredByFirm: false } };
      if (call.url === '/api/auth/second-factor/totp') return { data: ENROLMENT };
      if (call.url === '/api/auth/second-factor/totp/confirm') {
        if ((call.body as { code: string }).code !== '123456') return { status: 400, data: { message: SECOND_FACTOR_MESSAGES.wrongCode } };
        on = true;
        return { data: { token: 'token-with-otp', user: {}, recoveryCodes: CODES, message: SECOND_FACTOR_MESSAGES.turnedOn } };
      }
      return status;
    });
    const Section = withQueries(TwoStepSignIn);
    renderPage(<Section />, '/profile?tab=privacy');
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await within(section).findByTestId('totp-secret')).toHaveTextContent(ENROLMENT.secret);
    expect(within(section).getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', ENROLMENT.qrCode);

    await userEvent.type(within(section).getByLabelText('6-digit code'), '000000');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(SECOND_FACTOR_MESSAGES.wrongCode);
    expect(session.token()).toBe('old-token');

    await userEvent.clear(within(section).getByLabelText('6-digit code'));
    await userEvent.type(within(section).getByLabelText('6-digit code'), '123 456');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on two-step sign-in' }));
    const shown = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(section).getByText(SECOND_FACTOR_MESSAGES.turnedOn)).toBeInTheDocument();
    expect(session.token()).toBe('token-with-otp');
    await userEvent.click(within(section).getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await within(section).findByText(/Two-step sign-in is on: /)).toHaveTextContent('10 of 10 recovery codes remain.');
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(calls.filter((call) => call.url === '/api/auth/second-factor/totp/confirm').map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('when a firm requires it, then it cannot be turned off from the tab', async () => {
    session.save('token', { email: 'meera@example.in' });
    stubApi((call) =>
      call.url === '/api/auth/second-factor' ? { data: { totp: true, recoveryCodesLeft: 7, passkeys: [], requiredByFirm: true } } : status,
    );
    const Section = withQueries(TwoStepSignIn);
    renderPage(<Section />, '/profile?tab=privacy');
    expect(await screen.findByText('Your firm requires two-step sign-in, so it stays on.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in' })).toBeNull();
  });

  it('when the password is right and a second factor is on, then the code is asked before the session starts, and a recovery code says how many remain', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/auth/login') return { data: { secondFactor: 'totp', challenge: 'c'.repeat(40), passkey: false } };
      if (call.url === '/api/auth/login/second-factor')
        return { data: { token: 'session', user: { email: 'meera@example.in' }, message: SECOND_FACTOR_MESSAGES.recoveryCodesLeft(9) } };
      return status;
    });
    renderPage(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'meera@example.in');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Enter your authenticator code' })).toBeInTheDocument();
    expect(session.token()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'ABCD1-EFGH1 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(SECOND_FACTOR_MESSAGES.recoveryCodesLeft(9))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(session.token()).toBe('session');
    expect(calls.find((call) => call.url === '/api/auth/login/second-factor')?.body).toEqual({
      challenge: 'c'.repeat(40),
      recoveryCode: 'ABCD1-EFGH1',
    });
  });

  it('when a firm requires a second factor the member lacks, then the sign-in sets it up and shows the recovery codes before going on', async () => {
    stubApi((call) => {
      if (call.url === '/api/auth/login')
        return {
          data: {
            secondFactor: 'enrol',
            challenge: 'c'.repeat(40),
            passkey: false,
            message: SECOND_FACTOR_MESSAGES.firmRequiresEnrolment,
          },
        };
      if (call.url === '/api/auth/login/enrolment') return { data: ENROLMENT };
      if (call.url === '/api/auth/login/enrolment/confirm')
        return { data: { token: 'session', user: { email: 'meera@example.in' }, recoveryCodes: CODES } };
      return status;
    });
    renderPage(<Login />, '/login?next=%2Factivate');
    await userEvent.type(screen.getByLabelText('Email'), 'meera@example.in');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(new RegExp(SECOND_FACTOR_MESSAGES.firmRequiresEnrolment))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('6-digit code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'I have saved my recovery codes' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/activate'));
    expect(session.token()).toBe('session');
  });
});
