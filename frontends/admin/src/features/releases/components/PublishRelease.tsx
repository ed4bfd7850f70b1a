import { useState, type FormEvent } from 'react';
import { EDITION_MESSAGES, parseTaxYearName, SEMVER_PATTERN } from '@portal/contracts';
import { Banner, Button, ProgressBar, TextField } from '@portal/ui';
import { usePublishUpload } from '../api';
import { useInstallerUpload, type UploadState } from '../installer-upload';

type Report = (work: () => Promise<string>) => Promise<void>;

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
const percentOf = (sent: number, size: number) => (size ? Math.floor((sent / size) * 100) : 0);

/** What is wrong with the form before a byte is sent; null when it may go. */
function problemWith(
  fields: { file: File | null; version: string; rollout: string; taxYear: string; sha256: string },
  published: string[],
): string | null {
  if (!fields.file) return 'Choose the installer to upload.';
  if (!SEMVER_PATTERN.test(fields.version.trim())) return 'Version must be a semantic version such as 1.4.2';
  if (published.includes(fields.version.trim())) return `Version ${fields.version.trim()} has already been published.`;
  if (!/^(100|[1-9]?\d)$/.test(fields.rollout.trim())) return 'The rollout must be a whole percentage from 0 to 100';
  if (fields.taxYear.trim() && parseTaxYearName(fields.taxYear.trim()) === null) return EDITION_MESSAGES.taxYear;
  if (fields.sha256.trim() && !/^[0-9a-fA-F]{64}$/.test(fields.sha256.trim())) return 'The SHA-256 is 64 hexadecimal digits';
  return null;
}

function UploadProgress({ state }: { state: UploadState }) {
  if (state.phase !== 'uploading' && state.phase !== 'stopped') return null;
  const percent = percentOf(state.sent, state.size);
  return (
    <div className="stack-bottom" aria-live="polite">
      <ProgressBar value={percent} label="Installer upload" />
      <p className="muted">
        {state.phase === 'uploading' && state.resumed && 'Resuming the earlier upload of this file. '}
        {megabytes(state.sent)} of {megabytes(state.size)} sent ({percent}%).
      </p>
      {state.phase === 'stopped' && (
        <Banner kind="error">
          The upload stopped at {percent}%. {state.error} Choose Resume to go on from there.
        </Banner>
      )}
    </div>
  );
}

/**
 * An owner publishes a release from the browser: the installer goes up in parts that survive a
 * dropped line or a reload (tus), and only once it is whole does the server make it a release,
 * hashing it and, when the build's SHA-256 is given, holding the file to it.
 */
export function PublishRelease({ published, report }: { published: string[]; report: Report }) {
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [rollout, setRollout] = useState('100');
  const [taxYear, setTaxYear] = useState('');
  const [sha256, setSha256] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useInstallerUpload();
  const publishing = usePublishUpload();
  const busy = upload.state.phase === 'uploading' || publishing.isPending;
  const channel = version.includes('-') ? 'beta' : 'stable';

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const found = problemWith({ file, version, rollout, taxYear, sha256 }, published);
    setProblem(found);
    if (found || !file) return;
    let uploadId: string;
    try {
      uploadId = upload.state.phase === 'whole' ? upload.state.uploadId : await upload.start(file);
    } catch {
      return; // the progress says where it stopped and offers Resume
    }
    await report(async () => {
      const release = await publishing.mutateAsync({
        uploadId,
        release: {
          version: version.trim(),
          notes,
          rollout: Number(rollout),
          ...(taxYear.trim() && { requiresTaxYear: taxYear.trim() }),
          ...(sha256.trim() && { sha256: sha256.trim().toLowerCase() }),
        },
      });
      upload.reset();
      setFile(null);
      setVersion('');
      setNotes('');
      setTaxYear('');
      setSha256('');
      return `Version ${release.version} is published to ${release.rolloutPercent}% of the ${release.channel} channel. Its SHA-256 is ${release.sha256}.`;
    });
  }

  return (
    <form className="card stack-bottom" onSubmit={(event) => void submit(event)} aria-label="Publish a release" noValidate>
      <h2>Publish a release</h2>
      <div className="field">
        <label htmlFor="installer-file">Installer (.exe)</label>
        <input
          id="installer-file"
          type="file"
          accept=".exe,application/vnd.microsoft.portable-executable,application/octet-stream"
          disabled={busy}
          onChange={(event) => {
            upload.reset();
            setFile(event.target.files?.[0] ?? null);
          }}
        />
      </div>
      <TextField
        label="Version"
        hint={`e.g. 1.4.2; a prerelease such as 1.5.0-beta.1 goes to beta. Channel: ${channel}`}
        value={version}
        disabled={busy}
        onChange={(e) => setVersion(e.target.value)}
        required
      />
      <div className="field">
        <label htmlFor="release-notes">Release notes</label>
        <textarea
          id="release-notes"
          className="input"
          rows={3}
          maxLength={10_000}
          value={notes}
          disabled={busy}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      <TextField
        label="First rollout (%)"
        hint="The share of the channel's devices offered it first; raise it later"
        inputMode="numeric"
        value={rollout}
        disabled={busy}
        onChange={(e) => setRollout(e.target.value)}
      />
      <TextField
        label="Tax year of its law (optional)"
        hint="e.g. 2027-28: offered only to licences that cover that tax year; others are told which plan to buy"
        value={taxYear}
        maxLength={7}
        disabled={busy}
        onChange={(e) => setTaxYear(e.target.value)}
      />
      <TextField
        label="SHA-256 from your build (optional)"
        hint="When given, the file received must match it"
        value={sha256}
        maxLength={64}
        disabled={busy}
        onChange={(e) => setSha256(e.target.value)}
      />
      {problem && <Banner kind="error">{problem}</Banner>}
      <UploadProgress state={upload.state} />
      <div className="row row-end">
        {upload.state.phase === 'stopped' ? (
          <Button onClick={() => void submit()}>Resume</Button>
        ) : (
          <Button type="submit" disabled={busy}>
            {upload.state.phase === 'uploading' ? 'Uploading…' : publishing.isPending ? 'Publishing…' : 'Upload and publish'}
          </Button>
        )}
      </div>
    </form>
  );
}
