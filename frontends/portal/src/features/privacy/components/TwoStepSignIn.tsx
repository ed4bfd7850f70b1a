import { useState } from 'react';
import type { TotpEnrolment } from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner } from '@portal/ui';
import { CodeForm, PasskeyList, RecoveryCodes, TotpSetup } from '@portal/ui/second-factor';
import type { Message } from '../../../texts';
import { startTotpSetUp, useAddPasskey, useConfirmTotp, useRemovePasskey, useSecondFactor, useTurnOffTotp } from '../api';

type Stage =
  { kind: 'idle' } | { kind: 'setting-up'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] } | { kind: 'turning-off' };

/** Security and Privacy → two-step sign-in: an authenticator app's code after the password. */
export function TwoStepSignIn() {
  const settings = useSecondFactor();
  const confirm = useConfirmTotp();
  const turnOff = useTurnOffTotp();
  const addPasskey = useAddPasskey();
  const removePasskey = useRemovePasskey();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [message, setMessage] = useState<Message | null>(null);
  const failed = (failure: unknown) => setMessage({ kind: 'error', text: errorMessage(failure, 'That did not work. Please try again.') });

  async function begin() {
    setMessage(null);
    try {
      setStage({ kind: 'setting-up', enrolment: await startTotpSetUp() });
    } catch (failure) {
      failed(failure);
    }
  }

  async function confirmed(code: string) {
    try {
      const answer = await confirm.mutateAsync(code);
      setMessage({ kind: 'success', text: answer.message });
      setStage({ kind: 'codes', codes: answer.recoveryCodes });
    } catch (failure) {
      failed(failure);
    }
  }

  async function off(proof: { code: string } | { recoveryCode: string }) {
    try {
      setMessage({ kind: 'success', text: (await turnOff.mutateAsync(proof)).message });
      setStage({ kind: 'idle' });
    } catch (failure) {
      failed(failure);
    }
  }

  const state = settings.data;
  return (
    <section className="card" aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-step sign-in</h2>
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      {!state ? (
        settings.isError ? (
          <Banner kind="error">Your sign-in settings could not be loaded. Please reload the page.</Banner>
        ) : (
          <Spinner label="Loading your sign-in settings…" showLabel />
        )
      ) : stage.kind === 'setting-up' ? (
        <TotpSetup
          enrolment={stage.enrolment}
          intro="After your password, the portal will ask for a code from an authenticator app on your phone."
          submitLabel="Turn on two-step sign-in"
          onCode={confirmed}
        />
      ) : stage.kind === 'codes' ? (
        <RecoveryCodes codes={stage.codes} onDone={() => setStage({ kind: 'idle' })} />
      ) : state.totp ? (
        <>
          <p>
            Two-step sign-in is on: after your password or Google, you enter a code from your authenticator app. {state.recoveryCodesLeft}{' '}
            of 10 recovery codes remain.
          </p>
          <h3>Passkeys</h3>
          <PasskeyList
            passkeys={state.passkeys}
            adding={addPasskey.isPending}
            onAdd={addPasskey.mutateAsync}
            onRemove={removePasskey.mutateAsync}
          />
          {state.requiredByFirm ? (
            <p className="muted">Your firm requires two-step sign-in, so it stays on.</p>
          ) : stage.kind === 'turning-off' ? (
            <CodeForm submitLabel="Turn off two-step sign-in" allowRecovery onSubmit={off} />
          ) : (
            <Button variant="secondary" onClick={() => setStage({ kind: 'turning-off' })}>
              Turn off two-step sign-in
            </Button>
          )}
        </>
      ) : (
        <>
          <p>
            A code from an authenticator app on your phone, asked after your password, keeps your account (and your clients’ filings) safe
            even if the password is stolen.
          </p>
          {state.requiredByFirm && <p className="muted">Your firm requires it: set it up now.</p>}
          <Button onClick={() => void begin()}>Set up two-step sign-in</Button>
        </>
      )}
    </section>
  );
}
