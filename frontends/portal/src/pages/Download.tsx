import { useState } from 'react';
import { formatIndianDate } from '@portal/contracts';
import { Banner, Button, errorMessage, Link, Spinner } from '@portal/ui';
import { useDownloadInfo, useDownloadLink } from '../features/download/api';
import { useStartTrial } from '../features/subscription/api';
import { withQueries } from '../queries';
import { TEXTS, type Message } from '../texts';

/** Bytes as the page shows them: whole megabytes (behaviour.md §2). */
export const toMegabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function Download() {
  const { latest, eligibility, loading, failed } = useDownloadInfo();
  const link = useDownloadLink();
  const trial = useStartTrial();
  const [message, setMessage] = useState<Message | null>(null);
  const shown = message ?? (failed ? { kind: 'error' as const, text: TEXTS.downloadInfoFailed } : null);

  async function download() {
    if (!latest) return;
    try {
      window.location.assign((await link.mutateAsync(latest.version)).downloadUrl);
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, TEXTS.downloadFailed) });
    }
  }

  return (
    <div>
      <h1>Download the desktop app</h1>
      {shown && (
        <Banner key={shown.text} kind={shown.kind} onDone={() => setMessage(null)}>
          {shown.text}
        </Banner>
      )}
      {/* Shown once the release is known: the guide below would otherwise jump down when it arrives. */}
      {loading ? (
        <Spinner />
      ) : (
        <>
          {!failed && (
            <section className="card">
              {latest && (
                <>
                  <h2>Version {latest.version}</h2>
                  <p className="muted">
                    Released {formatIndianDate(latest.releaseDate)} • {toMegabytes(latest.fileSize)}
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
                      <Button disabled={trial.starting} onClick={async () => setMessage(await trial.start())}>
                        Start 30-Day Free Trial
                      </Button>
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
        </>
      )}
    </div>
  );
}

export default withQueries(Download);
