import { useState, type FormEvent } from 'react';
import type { SignInAnswer } from '@portal/contracts';
import { Banner, Button, errorMessage } from '@portal/ui';
import { MobileNumberField, SmsCodeField } from '../../../components/PhoneFields';
import { mobileLogin, requestMobileSignInCode } from '../api';

/**
 * Signing in with a code sent by SMS to the mobile number verified on the profile: the number,
 * then the code; the answer goes on as a password's does (a second factor may follow).
 */
export function MobileCodeSignIn({ onAnswer, onCancel }: { onAnswer: (answer: SignInAnswer) => void; onCancel: () => void }) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setError('');
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setError(errorMessage(failure, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  const askForCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setSent(await requestMobileSignInCode(mobile));
      setCode('');
    });
  };
  const signIn = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onAnswer(await mobileLogin(mobile, code)));
  };

  return (
    <div>
      {error && <Banner kind="error">{error}</Banner>}
      {sent && !error && <Banner kind="success">{sent}</Banner>}
      {!sent ? (
        <form onSubmit={askForCode} aria-label="Sign in with a code by SMS">
          <MobileNumberField value={mobile} onChange={setMobile} hint="The number verified on your profile." />
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send code'}
          </Button>
        </form>
      ) : (
        <form onSubmit={signIn} aria-label="Enter the code">
          <SmsCodeField value={code} onChange={setCode} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign In'}
          </Button>{' '}
          <Button variant="link" onClick={() => setSent(null)}>
            Send a new code
          </Button>
        </form>
      )}
      <p>
        <Button variant="link" onClick={onCancel}>
          Use your e-mail and password instead
        </Button>
      </p>
    </div>
  );
}
