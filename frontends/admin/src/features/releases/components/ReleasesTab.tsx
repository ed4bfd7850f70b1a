import { useState, type FormEvent } from 'react';
import type { ChannelPolicy, ReleaseView } from '@portal/contracts';
import { Banner, Button, errorMessage, TextField } from '@portal/ui';
import { ScrollArea } from '@portal/ui/scroll-area';
import { adminMayNow } from '../../../admin-session';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { useReleases, useSetMinimum, useSetRollout, useWithdrawRelease } from '../api';
import { PublishRelease } from './PublishRelease';

type Outcome = { kind: 'success' | 'error'; text: string } | null;
type Report = (work: () => Promise<string>) => Promise<void>;

function RolloutForm({ release, report }: { release: ReleaseView; report: Report }) {
  const [percent, setPercent] = useState(String(release.rolloutPercent));
  const setting = useSetRollout();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void report(async () => {
      const saved = await setting.mutateAsync({ version: release.version, percent: Number(percent) });
      return `Version ${saved.version} is offered to ${saved.rolloutPercent}% of its channel.`;
    });
  };
  return (
    <form className="row" onSubmit={submit} aria-label={`Rollout of ${release.version}`}>
      <input
        className="input input-narrow"
        aria-label={`Rollout of ${release.version} (%)`}
        inputMode="numeric"
        value={percent}
        onChange={(event) => setPercent(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={setting.isPending}>
        Save
      </Button>
    </form>
  );
}

function ReleaseRow({ release, mayChange, report }: { release: ReleaseView; mayChange: boolean; report: Report }) {
  const withdrawing = useWithdrawRelease();
  const live = release.state === 'live';
  const withdraw = () => {
    const reason = window.prompt(`Why is ${release.version} withdrawn? Devices on it are offered the newest good release.`);
    if (reason?.trim())
      void report(async () => `Version ${(await withdrawing.mutateAsync({ version: release.version, reason })).version} is withdrawn.`);
  };
  return (
    <tr>
      <td>{release.version}</td>
      <td>
        {release.channel}
        {release.requiresTaxYear && (
          <>
            <br />
            <span className="muted">tax year {release.requiresTaxYear}</span>
          </>
        )}
      </td>
      <td>{day(release.releaseDate)}</td>
      <td>{live && mayChange ? <RolloutForm release={release} report={report} /> : `${release.rolloutPercent}%`}</td>
      <td>{release.downloads}</td>
      <td>{live ? 'Live' : `Withdrawn ${day(release.withdrawnAt)}: ${release.withdrawnReason}`}</td>
      <td>
        {live && mayChange && (
          <Button variant="link" aria-label={`Withdraw ${release.version}`} onClick={withdraw}>
            Withdraw
          </Button>
        )}
      </td>
    </tr>
  );
}

function MinimumForm({ policy, report }: { policy: ChannelPolicy; report: Report }) {
  const [version, setVersion] = useState(policy.minimumVersion ?? '');
  const [message, setMessage] = useState(policy.message);
  const setting = useSetMinimum();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void report(async () => {
      const saved = await setting.mutateAsync({ channel: policy.channel, minimumVersion: version.trim() || null, message });
      return saved.minimumVersion
        ? `Apps on the ${saved.channel} channel older than ${saved.minimumVersion} must update.`
        : `The ${saved.channel} channel has no minimum version.`;
    });
  };
  return (
    <form className="row" onSubmit={submit} aria-label={`Minimum version of the ${policy.channel} channel`}>
      <TextField
        label={`Minimum ${policy.channel} version`}
        hint="Empty for none"
        value={version}
        onChange={(e) => setVersion(e.target.value)}
      />
      <TextField label="Message to older apps" value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} />
      <Button type="submit" variant="secondary" disabled={setting.isPending}>
        Save
      </Button>
    </form>
  );
}

/**
 * The desktop app's releases: each one's channel, rollout, downloads and state, a
 * staged rollout raised step by step, a bad build withdrawn, and each channel's minimum version.
 * Owners publish and change them; every role may look.
 */
export function ReleasesTab() {
  const releases = useReleases();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const mayChange = adminMayNow('publish-releases');
  const report: Report = async (work) => {
    try {
      setOutcome({ kind: 'success', text: await work() });
    } catch (failure) {
      setOutcome({ kind: 'error', text: errorMessage(failure, 'The change could not be made') });
    }
  };
  return (
    <section aria-label="Releases">
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      {mayChange && <PublishRelease published={(releases.data?.releases ?? []).map((release) => release.version)} report={report} />}
      {mayChange && releases.data?.channels.map((policy) => <MinimumForm key={policy.channel} policy={policy} report={report} />)}
      <ScrollArea label="Releases">
        <table className="table">
          <HeaderRow columns={['Version', 'Channel', 'Published', 'Rollout', 'Downloads', 'State', 'Actions']} />
          <tbody>
            {(releases.data?.releases ?? []).map((release) => (
              <ReleaseRow key={release.version} release={release} mayChange={mayChange} report={report} />
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}
