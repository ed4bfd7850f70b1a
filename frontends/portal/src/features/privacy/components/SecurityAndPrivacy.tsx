import { useState, type FormEvent } from 'react';
import { formatIndianDate, newPasswordPairProblem, planTitle, POLICIES, type PublicUser } from '@portal/contracts';
import { Banner, Button, errorMessage, Link, Modal, TextField, useAuth } from '@portal/ui';
import { PasswordPair } from '@portal/ui/password-pair';
import type { Message } from '../../../texts';
import { collectMyData, useChangePassword, useDeleteAccount } from '../api';
import { useSignOutWith } from '../sign-out-with';
import { RecentSignIns } from './RecentSignIns';
import { TwoStepSignIn } from './TwoStepSignIn';

/** Profile → Security and Privacy (behaviour.md §3): the password, two-step sign-in, recent sign-ins, a copy of one's data, and leaving. */
export function SecurityAndPrivacy({ user }: { user: PublicUser }) {
  return (
    <div className="stack">
      <ChangePassword user={user} />
      <TwoStepSignIn />
      <RecentSignIns />
      <DownloadMyData />
      <DeleteAccount user={user} />
      <p className="muted">
        How we use your data and your rights: <Link to={POLICIES.privacy.path}>{POLICIES.privacy.title}</Link>. Questions or complaints go
        to the Grievance Officer on the <Link to="/contact">Contact</Link> page.
      </p>
    </div>
  );
}

/** A Google-only account has no password to give: it sets one instead. */
function ChangePassword({ user }: { user: PublicUser }) {
  const change = useChangePassword();
  const [hasPassword, setHasPassword] = useState(!user.isGoogleUser);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<Message | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordPairProblem(password, confirmation);
    if (problem) return setMessage({ kind: 'error', text: problem });
    try {
      const answer = await change.mutateAsync({ ...(hasPassword ? { currentPassword: current } : {}), newPassword: password });
      setMessage({ kind: 'success', text: answer.message });
      setHasPassword(true);
      setCurrent('');
      setPassword('');
      setConfirmation('');
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'Your password could not be changed. Please try again.') });
    }
  }

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{hasPassword ? 'Change password' : 'Set a password'}</h2>
      {!hasPassword && <p className="muted">You sign in with Google. A password lets you sign in with your e-mail too.</p>}
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      <form onSubmit={submit} noValidate>
        {hasPassword && (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        )}
        <PasswordPair
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          label="New password"
        />
        <Button type="submit" disabled={change.isPending}>
          {hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </form>
    </section>
  );
}

function DownloadMyData() {
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  async function download() {
    setFailed(false);
    setBusy(true);
    try {
      const data = await collectMyData();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      link.download = 'my-tax-practitioner-portal-data.json';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      setFailed(true);
    }
    setBusy(false);
  }
  return (
    <section className="card" aria-labelledby="data-title">
      <h2 id="data-title">Download my data</h2>
      <p>
        One JSON file with your profile, the policies you accepted, your subscription periods, payments with their invoice numbers, devices,
        desktop sessions, feedback, the e-mails we sent you and your choice of reminders and news.
      </p>
      {failed && <Banner kind="error">Your data could not be collected. Please try again.</Banner>}
      <Button variant="secondary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Collecting your data…' : 'Download my data'}
      </Button>
    </section>
  );
}

function DeleteAccount({ user }: { user: PublicUser }) {
  const { subscription, status } = useAuth();
  const signOutWith = useSignOutWith();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');
  // a Google account without a password confirms by typing its e-mail
  const byEmail = user.isGoogleUser;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      const { message } = await remove.mutateAsync(byEmail ? { email: answer } : { password: answer });
      await signOutWith(message);
    } catch (failure) {
      setError(errorMessage(failure, 'Your account could not be deleted. Please try again.'));
    }
  }

  return (
    <section className="card" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete my account</h2>
      <p>
        Your profile, devices, sessions and feedback are erased, and every session ends. Payments and GST invoices are kept without your
        contact details, as the law requires.
      </p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete my account
      </Button>
      {confirming && (
        <Modal title="Delete your account?" onClose={() => setConfirming(false)}>
          {subscription === 'active' && (
            <Banner kind="error">
              Your {planTitle(status?.subscriptionPlan ?? '')} plan is paid until{' '}
              {status?.subscriptionEndDate && formatIndianDate(status.subscriptionEndDate)}. Deleting the account ends it now, without a
              refund.
            </Banner>
          )}
          {error && <Banner kind="error">{error}</Banner>}
          <form onSubmit={confirm} noValidate>
            <TextField
              label={byEmail ? `Type your e-mail (${user.email}) to confirm` : 'Your password'}
              type={byEmail ? 'email' : 'password'}
              autoComplete={byEmail ? 'off' : 'current-password'}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
            />
            <div className="row row-between">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep my account
              </Button>
              <Button type="submit" variant="danger" disabled={remove.isPending}>
                Delete permanently
              </Button>
            </div>
          </form>
        </Modal>
      )}
    </section>
  );
}
