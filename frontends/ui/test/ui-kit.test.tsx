import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AxiosError, AxiosHeaders } from 'axios';
import { Banner, BANNER_MS, Modal, REQUEST_TIMEOUT_MS, STORAGE_KEYS, TextField, api } from '@portal/ui';
import { handleUnauthorized } from '../src/http-client';

/** A 401 for a call that went out with `token` (none when null), as the client's interceptor sends it. */
const unauthorized = (url: string, token: string | null) =>
  new AxiosError('401', 'ERR_BAD_REQUEST', { url, headers: new AxiosHeaders(token ? { Authorization: `Bearer ${token}` } : {}) }, null, {
    status: 401,
    data: {},
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

describe('ui kit', () => {
  beforeEach(() => localStorage.clear());

  it('when a success banner shows, then it is gone after 3 seconds; an error stays', () => {
    jest.useFakeTimers();
    const done = jest.fn();
    render(
      <>
        <Banner kind="success" onDone={done}>
          Saved
        </Banner>
        <Banner kind="error" onDone={done}>
          Failed
        </Banner>
      </>,
    );
    act(() => jest.advanceTimersByTime(BANNER_MS - 1));
    expect(done).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(done).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    jest.useRealTimers();
  });

  it('when the page renders again while a success banner shows (a new onDone each time), then it still goes after 3 seconds', () => {
    jest.useFakeTimers();
    const done = jest.fn();
    const banner = (n: number) => (
      <Banner kind="success" onDone={() => done(n)}>
        Saved
      </Banner>
    );
    const { rerender } = render(banner(0));
    for (let n = 1; n <= 2; n++) {
      act(() => jest.advanceTimersByTime(BANNER_MS / 3));
      rerender(banner(n));
    }
    act(() => jest.advanceTimersByTime(BANNER_MS / 3));
    expect(done).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledWith(2);
    jest.useRealTimers();
  });

  it('when a person types in a dialog whose page gives a new onClose each render, then every letter lands in the field', async () => {
    function Typing() {
      const [value, setValue] = useState('');
      return (
        <Modal title="Confirm" onClose={() => undefined}>
          <TextField label="Your password" value={value} onChange={(event) => setValue(event.target.value)} />
        </Modal>
      );
    }
    render(<Typing />);
    await userEvent.click(screen.getByLabelText('Your password'));
    await userEvent.keyboard('secret12');
    expect(screen.getByLabelText('Your password')).toHaveValue('secret12');
  });

  it('when a user path answers 401, then the session is cleared and the user sent to /login, except on the public pages', () => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.user, '{}');
    localStorage.setItem(STORAGE_KEYS.adminToken, 'a');
    const location = { pathname: '/profile', assign: jest.fn() };
    handleUnauthorized(unauthorized('/api/auth/profile', 't'), location);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('a');
    expect(location.assign).toHaveBeenCalledWith('/login');
    for (const pathname of ['/', '/signup', '/login', '/admin/login']) {
      const stay = { pathname, assign: jest.fn() };
      handleUnauthorized(unauthorized('/api/subscription-status', null), stay);
      expect(stay.assign).not.toHaveBeenCalled();
    }
  });

  it('when an admin path answers 401, then the admin session is cleared and the admin sent to /admin/login', () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'a');
    localStorage.setItem(STORAGE_KEYS.adminUser, '{"email":"x"}');
    localStorage.setItem(STORAGE_KEYS.token, 't');
    const location = { pathname: '/admin/dashboard', assign: jest.fn() };
    handleUnauthorized(unauthorized('/api/admin/analytics', 'a'), location);
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t');
    expect(location.assign).toHaveBeenCalledWith('/admin/login');
  });

  it('when a 401 answers a call made with a token since replaced (the person signed in again meanwhile), then the new session and page stay', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'new');
    localStorage.setItem(STORAGE_KEYS.adminToken, 'new-admin');
    const location = { pathname: '/dashboard', assign: jest.fn() };
    handleUnauthorized(unauthorized('/api/auth/consent', 'old'), location);
    handleUnauthorized(unauthorized('/api/admin/users', 'old-admin'), location);
    handleUnauthorized(unauthorized('/api/subscription-status', null), location);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new');
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('new-admin');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('when a call is made, then it carries the right bearer token, JSON and the 10-second timeout', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'user-token');
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
    const seen: Record<string, string | undefined> = {};
    const adapter = async (config: {
      url?: string;
      headers: InstanceType<typeof AxiosHeaders>;
      timeout?: number;
      withCredentials?: boolean;
    }) => {
      seen[config.url!] =
        `${config.headers.get('Authorization')} ${config.timeout} ${config.withCredentials} ${config.headers.get('Content-Type')}`;
      return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
    };
    await api.get('/api/subscription-status', { adapter: adapter as never });
    await api.get('/api/admin/users', { adapter: adapter as never });
    expect(seen['/api/subscription-status']).toBe(`Bearer user-token ${REQUEST_TIMEOUT_MS} true application/json`);
    expect(seen['/api/admin/users']).toBe(`Bearer admin-token ${REQUEST_TIMEOUT_MS} true application/json`);
  });
});
