import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Eligibility } from '@portal/contracts';
import { session } from '@portal/ui';
import Dashboard from '../src/pages/Dashboard';
import Download from '../src/pages/Download';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { renderPage } from './render';

const latest = { version: '2.4.0', fileSize: 15_990_000, releaseDate: '2026-10-01T19:00:00.000Z' }; // 00:30 on 2 October in India
const eligibility = (over: Partial<Eligibility>): Eligibility => ({
  canDownload: false,
  subscriptionStatus: 'none',
  hasUsedTrial: false,
  daysRemaining: 0,
  canStartTrial: true,
  message: 'Start your free trial to download the app.',
  ...over,
});
const status = { subscriptionStatus: 'none', subscriptionPlan: 'none', email: 'ravi.kumar@example.in', firstName: '' };

/** The download service as the page calls it; `allowed` is what check-eligibility says. */
function downloadService(
  allowed: () => Eligibility,
  extra: (call: StubCall) => { status?: number; data?: unknown } | undefined = () => undefined,
) {
  return stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/download/latest-version') return { data: latest };
    if (call.url === '/api/download/check-eligibility') {
      const result = allowed();
      return { status: result.canDownload ? 200 : 403, data: result };
    }
    return { data: status };
  });
}

describe('download page', () => {
  beforeEach(() => {
    localStorage.clear();
    session.save('user-token', { email: status.email });
  });

  it('when the user may download, then the version, its size in whole MB and the download button show', async () => {
    downloadService(() => eligibility({ canDownload: true, subscriptionStatus: 'trial', message: 'Your trial is active.' }));
    renderPage(<Download />, '/download');
    expect(await screen.findByRole('heading', { name: 'Version 2.4.0' })).toBeInTheDocument();
    expect(screen.getByText(/Released 2 Oct 2026 • 15 MB/)).toBeInTheDocument();
    expect(screen.getByText('Your trial is active.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download for Windows' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'System requirements' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Installation guide' })).toBeInTheDocument();
  });

  it('when eligibility answers 403 and the trial is unused, then its message and the trial button; starting it reloads the page', async () => {
    let trialStarted = false;
    const calls = downloadService(
      () =>
        trialStarted ? eligibility({ canDownload: true, subscriptionStatus: 'trial', message: 'Your trial is active.' }) : eligibility({}),
      (call) => {
        if (call.url !== '/api/start-trial') return undefined;
        trialStarted = true;
        return { data: { message: 'ok' } };
      },
    );
    renderPage(<Download />, '/download');
    expect(await screen.findByRole('alert')).toHaveTextContent('Start your free trial to download the app.');
    await userEvent.click(screen.getByRole('button', { name: 'Start 30-Day Free Trial' }));
    expect(await screen.findByText('Trial activated successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download for Windows' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/start-trial')).toEqual([expect.objectContaining({ method: 'POST' })]);
  });

  it('when the trial was used and there is no plan, then a link to choose a plan instead of the trial button', async () => {
    downloadService(() =>
      eligibility({ canStartTrial: false, hasUsedTrial: true, subscriptionStatus: 'expired', message: 'Your trial has ended.' }),
    );
    renderPage(<Download />, '/download');
    expect(await screen.findByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: 'Start 30-Day Free Trial' })).toBeNull();
  });

  it('when the service cannot answer, then "Failed to load download information"', async () => {
    downloadService(
      () => eligibility({}),
      (call) => (call.url === '/api/download/latest-version' ? { status: 503, data: {} } : undefined),
    );
    renderPage(<Download />, '/download');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load download information');
  });

  it("when starting the trial fails, then the server's reason is shown", async () => {
    downloadService(
      () => eligibility({}),
      (call) =>
        call.url === '/api/start-trial'
          ? { status: 409, data: { error: 'conflict', message: 'You have already used your free trial.' } }
          : undefined,
    );
    renderPage(<Download />, '/download');
    await userEvent.click(await screen.findByRole('button', { name: 'Start 30-Day Free Trial' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((node) => node.textContent)).toContain('You have already used your free trial.'),
    );
  });
});

describe('dashboard', () => {
  it('when the user has no first name, then the greeting uses the part of the e-mail before the @, with the three cards', async () => {
    localStorage.clear();
    session.save('user-token', { email: status.email });
    stubApi(() => ({ data: status }));
    renderPage(<Dashboard />, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello, ravi.kumar!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Subscription/ })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: /Download the app/ })).toHaveAttribute('href', '/download');
    expect(screen.getByRole('link', { name: /About/ })).toHaveAttribute('href', '/about');
  });
});
