import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPolicyVersions } from '@portal/contracts';
import Login, { DESKTOP_CLOSE_MS, DESKTOP_SIGNED_IN } from '../src/pages/Login';
import Signup from '../src/pages/Signup';
import { stubApi } from '../../ui/test/stub-api';
import { renderPage } from './render';

const GSI_CLIENT = 'https://accounts.google.com/gsi/client';
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const credential = `${base64url({ alg: 'RS256', kid: 'k1' })}.${base64url({
  sub: 'g-42',
  email: 'meera@gmail.test',
  name: 'Meera Iyer',
  given_name: 'Meera',
  family_name: 'Iyer',
  picture: 'https://example.test/meera.png',
})}.c2lnbmF0dXJl`;

/**
 * Google's script at its documented boundary: once the page's <script> for the GIS client
 * "loads", google.accounts.id renders a button that hands the callback what the chooser gave.
 */
function loadGoogleScript(chooser: () => { credential?: string }) {
  const script = document.querySelector<HTMLScriptElement>(`script[src="${GSI_CLIENT}"]`);
  if (!script) throw new Error('the page did not load Google Identity Services');
  let callback: (response: { credential?: string }) => void = () => undefined;
  Object.assign(window, {
    google: {
      accounts: {
        id: {
          initialize: (options: { callback: typeof callback }) => (callback = options.callback),
          renderButton: (parent: HTMLElement, options: { text: string }) => {
            const button = document.createElement('button');
            button.textContent = options.text === 'signup_with' ? 'Sign up with Google' : 'Sign in with Google';
            button.onclick = () => callback(chooser());
            parent.replaceChildren(button);
          },
          prompt: () => undefined,
          cancel: () => undefined,
        },
      },
    },
  });
  act(() => void fireEvent.load(script));
}

function configureGoogle(clientId: string | null) {
  document.head.querySelector('meta[name="google-client-id"]')?.remove();
  if (clientId) document.head.insertAdjacentHTML('beforeend', `<meta name="google-client-id" content="${clientId}">`);
}

const signedIn = { token: 'portal-token', user: { id: 'u1', email: 'meera@gmail.test', firstName: 'Meera' } };

describe('Google sign-in on the login and sign-up pages', () => {
  beforeEach(() => {
    localStorage.clear();
    configureGoogle('portal.apps.googleusercontent.com');
  });
  afterEach(() => {
    configureGoogle(null);
    jest.useRealTimers();
  });

  it('when no Google client id is configured, then neither page offers Google or loads its script', () => {
    configureGoogle(null);
    renderPage(<Login />, '/login');
    expect(document.querySelector(`script[src="${GSI_CLIENT}"]`)).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('when Google signs the user in on /login, then the spec body is posted, the token stored and they go to /subscription', async () => {
    const calls = stubApi(({ url }) => ({ data: url === '/api/auth/google-login' ? signedIn : { subscriptionStatus: 'none' } }));
    renderPage(<Login />, '/login');
    loadGoogleScript(() => ({ credential }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/subscription'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/google-login',
      body: {
        token: credential,
        email: 'meera@gmail.test',
        name: 'Meera Iyer',
        picture: 'https://example.test/meera.png',
        googleId: 'g-42',
        firstName: 'Meera',
        lastName: 'Iyer',
      },
    });
    expect(localStorage.getItem('token')).toBe('portal-token');
  });

  it('when Google signs up a visitor, then they go to their profile to complete it', async () => {
    const calls = stubApi(({ url }) => ({ data: url === '/api/auth/google-login' ? signedIn : { subscriptionStatus: 'none' } }));
    renderPage(<Signup />, '/signup');
    loadGoogleScript(() => ({ credential }));
    // Google's button comes once the policies are accepted
    expect(await screen.findByText(/then sign up with Google/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up with Google' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up with Google' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/profile?complete-profile=true'));
    expect(calls.find((call) => call.url === '/api/auth/google-login')?.body).toMatchObject({ acceptedPolicies: currentPolicyVersions() });
  });

  it('when the chooser gives no credential, then "cancelled or failed" for each page and nothing is posted', async () => {
    const calls = stubApi(() => ({}));
    const { unmount } = renderPage(<Login />, '/login');
    loadGoogleScript(() => ({}));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login was cancelled or failed');
    unmount();
    renderPage(<Signup />, '/signup');
    loadGoogleScript(() => ({}));
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google signup was cancelled or failed');
    expect(calls).toHaveLength(0);
  });

  it('when the server refuses the Google token, then "Google login failed:" with its message and no session', async () => {
    stubApi(() => ({ status: 401, data: { error: 'unauthorized', message: 'Google could not confirm this account.' } }));
    renderPage(<Login />, '/login');
    loadGoogleScript(() => ({ credential }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login failed: Google could not confirm this account.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('when the desktop app opened the login (source=electron), then the success message stays and the window closes after 3 s', async () => {
    stubApi(() => ({ data: signedIn }));
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage(<Login />, '/login?source=electron');
    loadGoogleScript(() => ({ credential }));
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText(DESKTOP_SIGNED_IN)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('portal-token');
    expect(screen.getByTestId('where')).toHaveTextContent('/login?source=electron');
    act(() => jest.advanceTimersByTime(DESKTOP_CLOSE_MS - 1));
    expect(close).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
