import { useState, type FormEvent } from 'react';
import { formatIndianDateTime, PHONE_CHANNEL_LABELS, PHONE_CONSENT_TEXTS, PHONE_MESSAGES, type PhoneChannel } from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner } from '@portal/ui';
import { MobileNumberField, SmsCodeField } from '../../../components/PhoneFields';
import type { Message } from '../../../texts';
import { useChoosePhoneChannels, usePhone, useSendPhoneCode, useVerifyPhone } from '../api';

/** +91 98765 43210, as people read a number. */
const spaced = (mobile: string) => mobile.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2');

/**
 * Profile → Notifications: the mobile number, proved by a code sent to it by SMS, and WhatsApp and
 * SMS each chosen beside its own consent text, which is what is recorded; off again in one click.
 * Shown only where the portal has a provider for them.
 */
export function PhoneChannels({ profileMobile = '' }: { profileMobile?: string }) {
  const { data, isError } = usePhone();
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhone();
  const choose = useChoosePhoneChannels();
  // the number the person gave on their profile, offered to verify
  const [mobile, setMobile] = useState(profileMobile);
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [changing, setChanging] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  // the choice being saved, set in the click's own handler: a controlled checkbox keeps the click's
  // state only if its value changes before the handler returns (the mutation's state comes later)
  const [saving, setSaving] = useState<Partial<Record<PhoneChannel, boolean>>>({});

  const failed = (failure: unknown) => setMessage({ kind: 'error', text: errorMessage(failure, 'That did not work. Please try again.') });

  async function askForCode(event: FormEvent) {
    event.preventDefault();
    try {
      setMessage({ kind: 'success', text: (await sendCode.mutateAsync(mobile)).message });
      setCodeSent(true);
      setCode('');
    } catch (failure) {
      failed(failure);
    }
  }

  async function confirmCode(event: FormEvent) {
    event.preventDefault();
    try {
      setMessage({ kind: 'success', text: (await verify.mutateAsync(code)).message ?? PHONE_MESSAGES.numberVerified });
      setCodeSent(false);
      setChanging(false);
    } catch (failure) {
      failed(failure);
    }
  }

  async function toggle(channel: PhoneChannel, on: boolean) {
    setSaving({ [channel]: on });
    try {
      setMessage({ kind: 'success', text: (await choose.mutateAsync({ [channel]: on })).message ?? PHONE_MESSAGES.channelsSaved });
    } catch (failure) {
      failed(failure);
    } finally {
      setSaving({});
    }
  }

  if (isError) return <Banner kind="error">Your mobile number could not be loaded. Please try again.</Banner>;
  if (!data) return <Spinner />;
  if (!data.offered.length) return null;
  const asking = !data.verified || changing;
  return (
    <section className="card" aria-labelledby="phone-title">
      <h2 id="phone-title">WhatsApp and SMS</h2>
      {message && (
        <Banner key={message.text} kind={message.kind} onDone={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      {data.verified && !changing && (
        <p>
          Mobile number <strong>{spaced(data.mobile ?? '')}</strong> (verified){' '}
          <Button variant="link" onClick={() => setChanging(true)}>
            Change number
          </Button>
        </p>
      )}
      {asking && !codeSent && (
        <form className="row" onSubmit={(event) => void askForCode(event)} aria-label="Verify your mobile number">
          <MobileNumberField value={mobile} onChange={setMobile} hint="We send a 6-digit code by SMS to prove it is yours." />
          <Button type="submit" disabled={sendCode.isPending}>
            {sendCode.isPending ? 'Sending...' : 'Send code'}
          </Button>
        </form>
      )}
      {codeSent && (
        <form className="row" onSubmit={(event) => void confirmCode(event)} aria-label="Enter the code">
          <SmsCodeField value={code} onChange={setCode} />
          <Button type="submit" disabled={verify.isPending}>
            Verify
          </Button>
          <Button variant="link" onClick={() => setCodeSent(false)}>
            Use another number
          </Button>
        </form>
      )}
      {data.offered.map((channel) => (
        <div key={channel} className="stack-bottom">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={saving[channel] ?? data.channels[channel].on}
              disabled={!data.verified || Object.keys(saving).length > 0}
              onChange={(event) => void toggle(channel, event.target.checked)}
            />{' '}
            {PHONE_CHANNEL_LABELS[channel]}
          </label>
          <p className="muted">{PHONE_CONSENT_TEXTS[channel].text}</p>
          {data.channels[channel].since && (
            <p className="muted">
              {data.channels[channel].on ? 'On' : 'Off'} since {formatIndianDateTime(data.channels[channel].since)}.
            </p>
          )}
        </div>
      ))}
      {!data.verified && <p className="muted">{PHONE_MESSAGES.verifyFirst}</p>}
    </section>
  );
}
