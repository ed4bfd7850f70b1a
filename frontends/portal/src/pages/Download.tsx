import { isAxiosError } from 'axios';
import { useEffect, useState } from 'react';
import type { DownloadLink, Eligibility, LatestVersion } from '@portal/contracts';
import { api, Banner, Button, errorMessage, Link, Spinner, useAuth } from '@portal/ui';

/** Bytes as the page shows them: whole megabytes (spec §2). */
export const toMegabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export default function Download() {
  const { refresh } = useAuth();
  const [latest, setLatest] = useState<LatestVersion | null>(null);
  const [eligibility, setEligibility] = useState<Eligibility | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [loading, setLoading] = useState(true);

  async function load() {
    setLoading(true);
    try {
      const [version, allowed] = await Promise.all([
        api.get<LatestVersion>('/api/download/latest-version').then((r) => r.data),
        api
          .get<Eligibility>('/api/download/check-eligibility')
          .then((r) => r.data)
          .catch((error: unknown) => {
            // 403 carries the eligibility: the page shows its not-eligible state from it.
            if (isAxiosError(error) && error.response?.status === 403) return error.response.data as Eligibility;
            throw error;
          }),
      ]);
      setLatest(version);
      setEligibility(allowed);
    } catch {
      setMessage({ kind: 'error', text: 'Failed to load download information' });
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    void load();
  }, []);

  async function download() {
    if (!latest) return;
    try {
      const { data } = await api.get<DownloadLink>(`/api/download/app/${latest.version}`);
      window.location.assign(data.downloadUrl);
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'Download failed') });
    }
  }

  async function startTrial() {
    try {
      await api.post('/api/start-trial');
      setMessage({ kind: 'success', text: 'Trial activated successfully!' });
      await Promise.all([refresh(), load()]);
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'Failed to start trial') });
    }
  }

  return (
    <div>
      <h1>Download the desktop app</h1>
      {message && (
        <Banner key={message.text} kind={message.kind} onDone={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      {loading ? (
        <Spinner />
      ) : (
        <section className="card">
          {latest && (
            <>
              <h2>Version {latest.version}</h2>
              <p className="muted">
                Released {new Date(latest.releaseDate).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })} •{' '}
                {toMegabytes(latest.fileSize)}
              </p>
            </>
          )}
          {eligibility?.canDownload ? (
            <>
              <p>{eligibility.message}</p>
              <Button onClick={() => void download()}>Download for Windows</Button>
            </>
          ) : (
            eligibility && (
              <>
                <Banner kind="error">{eligibility.message}</Banner>
                {eligibility.canStartTrial ? (
                  <Button onClick={() => void startTrial()}>Start 30-Day Free Trial</Button>
                ) : (
                  <Link className="btn btn-primary" to="/subscription">
                    Choose a plan
                  </Link>
                )}
              </>
            )
          )}
        </section>
      )}
      <div className="grid stack-top">
        <section className="card">
          <h2>System requirements</h2>
          <ul>
            <li>Windows 10 or later</li>
            <li>2 GB RAM</li>
            <li>100 MB of free disk space</li>
            <li>An internet connection</li>
            <li>macOS: coming soon</li>
          </ul>
        </section>
        <section className="card">
          <h2>Installation guide</h2>
          <ol>
            <li>Download the installer and open it.</li>
            <li>If Windows asks, choose "More info" and "Run anyway".</li>
            <li>Follow the steps, then start the app.</li>
            <li>Sign in with the same e-mail and password as this portal.</li>
            <li>Choose your client folders; the app indexes them.</li>
          </ol>
        </section>
      </div>
    </div>
  );
}
