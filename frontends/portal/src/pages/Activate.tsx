import { useState, type FormEvent } from 'react';
import { DEVICE_MESSAGES, normaliseUserCode, SECOND_FACTOR_MESSAGES } from '@portal/contracts';
import { Banner, Button, errorMessage, Link, Spinner, TextField, useAuth, useSearchParams } from '@portal/ui';
import { useDeviceDecision, usePendingDevice } from '../features/desktop/api';
import { useMyFirms } from '../features/firms/api';
import { withQueries } from '../queries';
import '../components/portal.css';

/**
 * /activate: where the desktop app sends the person (RFC 8628's verification URI). A visitor signs
 * in or up first and comes back; a signed-in user sees which device asks and allows or denies it.
 */
function Activate() {
  const { state, status } = useAuth();
  const [params, setParams] = useSearchParams();
  const fromLink = params.get('user_code');
  const [typed, setTyped] = useState(fromLink ?? '');
  const code = fromLink ? normaliseUserCode(fromLink) : null;
  const here = `/activate${code ? `?user_code=${code}` : ''}`;

  if (state !== 'authenticated') {
    return (
      <div className="card auth-card">
        <h1>Connect the desktop app</h1>
        <p>Sign in to the portal to connect the desktop app to your account.</p>
        <div className="row">
          <Link className="btn btn-primary" to={`/login?next=${encodeURIComponent(here)}`}>
            Log in
          </Link>
          <Link className="btn btn-secondary" to={`/signup?next=${encodeURIComponent(here)}`}>
            Sign up
          </Link>
        </div>
      </div>
    );
  }

  function enter(event: FormEvent) {
    event.preventDefault();
    setParams({ user_code: normaliseUserCode(typed) });
  }

  return (
    <div className="card auth-card">
      <h1>Connect the desktop app</h1>
      {code ? (
        <Confirm
          code={code}
          email={status?.email}
          onRestart={() => {
            setTyped('');
            setParams({});
          }}
        />
      ) : (
        <form onSubmit={enter} aria-label="Desktop app code">
          <p>Enter the code the desktop app shows.</p>
          <TextField
            label="Code"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoCapitalize="characters"
            maxLength={9}
            required
          />
          <Button type="submit">Continue</Button>
        </form>
      )}
    </div>
  );
}

function Confirm({ code, email, onRestart }: { code: string; email?: string; onRestart: () => void }) {
  const { signOut } = useAuth();
  const pending = usePendingDevice(code);
  const decision = useDeviceDecision();
  // a person in a firm chooses whose seat the app works on; '' is their own plan, else their firm's
  const firms = useMyFirms().data ?? [];
  const [firmId, setFirmId] = useState('');
  const [done, setDone] = useState<{ kind: 'success' | 'info' | 'error'; text: string } | null>(null);

  async function decide(choice: 'approve' | 'deny') {
    try {
      const message = await decision.mutateAsync({ user_code: code, decision: choice, ...(firmId ? { firmId } : {}) });
      setDone({ kind: choice === 'approve' ? 'success' : 'info', text: message });
    } catch (failure) {
      setDone({ kind: 'error', text: errorMessage(failure, DEVICE_MESSAGES.codeInvalid) });
    }
  }

  // a session from before the person's second factor: they sign in again with it and come back here
  if (done?.text === SECOND_FACTOR_MESSAGES.approveWithSecondFactor) {
    return (
      <>
        <Banner kind="error">{done.text}</Banner>
        <Button onClick={() => void signOut()}>Sign in again</Button>
      </>
    );
  }
  if (done) return <Banner kind={done.kind}>{done.text}</Banner>;
  if (pending.isPending) return <Spinner />;
  if (pending.isError) {
    return (
      <>
        <Banner kind="error">{errorMessage(pending.error, DEVICE_MESSAGES.codeInvalid)}</Banner>
        <Button variant="secondary" onClick={onRestart}>
          Enter another code
        </Button>
      </>
    );
  }
  return (
    <>
      <p>
        <strong>{pending.data.deviceName}</strong> asks to sign in{email ? ` as ${email}` : ''} with the code{' '}
        <strong>{pending.data.userCode}</strong>.
      </p>
      <p className="muted">Allow it only if this code is on your own screen now.</p>
      {firms.length > 0 && (
        <fieldset className="stack-bottom">
          <legend>Use the app for</legend>
          {[{ id: '', name: 'My own plan (or my firm’s, if I have none)' }, ...firms].map((firm) => (
            <label key={firm.id || 'own'} className="checkbox block">
              <input type="radio" name="firm" value={firm.id} checked={firmId === firm.id} onChange={() => setFirmId(firm.id)} />{' '}
              {firm.name}
            </label>
          ))}
        </fieldset>
      )}
      <div className="row">
        <Button disabled={decision.isPending} onClick={() => void decide('approve')}>
          Allow
        </Button>
        <Button variant="secondary" disabled={decision.isPending} onClick={() => void decide('deny')}>
          Deny
        </Button>
      </div>
    </>
  );
}

export default withQueries(Activate);
