import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { session } from '@portal/ui';
import { App } from '../src/app/App';
import { stubApi } from '../../ui/test/stub-api';
import { Where } from '../../ui/test/where';

// The remotes are the federation runtime's business; here each page is a heading with its name,
// so the tests see which page the shell chose. The admin area loads as a remote does, a moment later.
jest.mock('../src/app/remote-pages', () => {
  const { lazy } = jest.requireActual('react');
  const { PORTAL_PAGES } = jest.requireActual('../../portal/src/exposed-pages');
  const Heading = ({ name }: { name: string }) => <h1>{`page: ${name}`}</h1>;
  const page = (name: string) => () => <Heading name={name} />;
  const loadingAdmin = () =>
    lazy(() => new Promise((resolve) => setTimeout(() => resolve({ default: () => <Heading name="admin" /> }), 20)));
  let admin = loadingAdmin();
  const names = PORTAL_PAGES.map((name: string) => name[0]!.toLowerCase() + name.slice(1));
  return {
    pages: {
      ...Object.fromEntries(names.map((name: string) => [name, page(name)])),
      get admin() {
        return admin;
      },
    },
    /** The admin remote as on a fresh page, not loaded yet. */
    unloadAdmin: () => (admin = loadingAdmin()),
  };
});

function openAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>,
  );
}

const status = { subscriptionStatus: 'trial', subscriptionPlan: 'trial', email: 'meera.iyer@example.in', firstName: 'Meera' };

describe('the shell’s routes (behaviour.md §2)', () => {
  afterEach(() => localStorage.clear());

  it('while a returning user’s session is checked, then they are told so, and then they see the page they opened', async () => {
    session.save('user-token', status);
    let answer: (reply: { data: object }) => void = () => undefined;
    const calls = stubApi((call) =>
      call.url === '/api/auth/consent' ? { data: { consent: null, required: false } } : new Promise((resolve) => (answer = resolve)),
    );
    openAt('/subscription');
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/subscription-status'));
    expect(screen.getByText('Loading your account…')).toBeInTheDocument();
    answer({ data: status });
    expect(await screen.findByRole('heading', { name: 'page: subscription' })).toBeInTheDocument();
  });

  it('when a visitor opens a signed-in page, then they are sent to the landing page with the simple header', async () => {
    const calls = stubApi(() => ({ data: status }));
    openAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'page: landing' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0); // no token, so no status call
  });

  it('when a visitor opens the landing page, then Log in and Sign up sit in the header beside the logo (one top bar)', async () => {
    stubApi(() => ({ data: status }));
    openAt('/');
    expect(await screen.findByRole('heading', { name: 'page: landing' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('when a visitor opens the desktop app’s /activate link, then the header’s Log in and Sign up keep the code to come back to', async () => {
    stubApi(() => ({ data: status }));
    openAt('/activate?user_code=BCDF-GHJK');
    expect(await screen.findByRole('heading', { name: 'page: activate' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Factivate%3Fuser_code%3DBCDF-GHJK');
    expect(within(header).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup?next=%2Factivate%3Fuser_code%3DBCDF-GHJK',
    );
  });

  it.each([
    ['/pricing', 'pricing'],
    ['/about', 'about'],
    ['/terms', 'terms'],
    ['/privacy', 'privacy'],
    ['/refund-policy', 'refundPolicy'],
    ['/contact', 'contact'],
  ])('when a visitor opens %s, then it shows without signing in, with the footer’s links to every policy', async (path, page) => {
    stubApi(() => ({ data: status }));
    openAt(path);
    expect(await screen.findByRole('heading', { name: `page: ${page}` })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(path);
    const footer = screen.getByRole('navigation', { name: 'Policies and contact' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/pricing', '/about', '/terms', '/privacy', '/refund-policy', '/contact']);
  });

  it('when a signed-in user or an admin opens a page, then the same footer is under it', async () => {
    session.save('user-token', { email: status.email });
    stubApi(() => ({ data: status }));
    const { unmount } = openAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'page: dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Policies and contact' })).toBeInTheDocument();
    unmount();
    openAt('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'page: admin' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Policies and contact' })).toBeInTheDocument();
  });

  it('when a visitor opens /login, then the header holds only the logo', async () => {
    stubApi(() => ({ data: status }));
    openAt('/login');
    expect(await screen.findByRole('heading', { name: 'page: login' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it.each(['/no-such-page', '/administrator', '/admins/list'])(
    'when any other path (%s) is opened, then the landing page is shown at /',
    async (path) => {
      stubApi(() => ({ data: status }));
      openAt(path);
      expect(await screen.findByRole('heading', { name: 'page: landing' })).toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    },
  );

  it('when a signed-in user opens /login, then the loading screen shows until the status answers, then the dashboard with the sidebar', async () => {
    session.save('user-token', { email: status.email });
    // the status call is answered when the test says, whatever other call the page makes meanwhile
    let answer!: (value: { data: unknown }) => void;
    const calls = stubApi((call) => {
      if (call.url === '/api/auth/consent') return { data: { consent: null, required: false } };
      if (call.url === '/api/subscription-status') return new Promise((resolve) => (answer = resolve));
      return { data: status };
    });
    openAt('/login');
    expect(await screen.findByText('Loading your account…')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/subscription-status'));
    answer({ data: status });
    expect(await screen.findByRole('heading', { name: 'page: dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('DashboardProfileDownloadSubscriptionAbout');
    expect(screen.getByText(status.email)).toHaveAttribute('title', status.email);
    expect(calls.map((call) => call.url)).toEqual(['/api/subscription-status', '/api/auth/consent']);
  });

  it('when a policy changed since the user accepted, then every signed-in page asks first; the policies stay open to read', async () => {
    session.save('user-token', { email: status.email });
    stubApi((call) => ({ data: call.url === '/api/auth/consent' ? { consent: null, required: true } : status }));
    const { unmount } = openAt('/subscription');
    expect(await screen.findByRole('heading', { name: 'page: consent' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'page: subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    unmount();
    openAt('/privacy');
    expect(await screen.findByRole('heading', { name: 'page: privacy' })).toBeInTheDocument();
  });

  it('when the stored session is refused by the status call, then the user is treated as a visitor', async () => {
    session.save('expired-token', { email: status.email });
    stubApi(() => ({ status: 401, data: { error: 'UNAUTHORIZED', message: 'Your session is not valid. Please sign in again.' } }));
    openAt('/signup');
    expect(await screen.findByRole('heading', { name: 'page: signup' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/signup');
  });

  it('when an admin path is opened, then it says the admin area is loading, and the admin remote answers it without the user redirects or a status call', async () => {
    session.save('user-token', { email: status.email });
    const calls = stubApi(() => ({ data: status }));
    jest.requireMock<{ unloadAdmin: () => void }>('../src/app/remote-pages').unloadAdmin();
    openAt('/admin/dashboard');
    // what shows first, while the admin remote loads
    expect(screen.getByText('Loading the admin area…')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'page: admin' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the admin area…')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/dashboard');
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});

describe('logging out', () => {
  afterEach(() => localStorage.clear());

  it('when the user logs out, then the session ends at once and the server is told with the ended token', async () => {
    session.save('user-token', { email: status.email });
    let logoutAnswered = false;
    const calls = stubApi((call) => {
      if (call.url !== '/api/auth/logout') return { data: status };
      return new Promise((resolve) => setTimeout(() => ((logoutAnswered = true), resolve({ data: {} })), 50));
    });
    openAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(session.token()).toBeNull();
    expect(logoutAnswered).toBe(false); // ended before the server answered
    expect(await screen.findByRole('heading', { name: 'page: landing' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/subscription-status', 'Bearer user-token'],
      ['/api/auth/consent', 'Bearer user-token'],
      ['/api/auth/logout', 'Bearer user-token'],
    ]);
  });
});
