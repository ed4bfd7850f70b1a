import { useState, type FormEvent } from 'react';
import { formatIndianDate } from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner, TextField } from '@portal/ui';
import { useMyPartner, usePartnerChanges } from '../api';

/**
 * The dealer who serves the practitioner: who it is and since when, with a way to leave it; or,
 * without one, the partner code a dealer gave them.
 */
export function YourPartner() {
  const mine = useMyPartner();
  const { join, leave } = usePartnerChanges();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      const answer = await join.mutateAsync(code);
      setMessage({ kind: 'success', text: answer.message ?? 'Partner saved.' });
      setCode('');
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'The partner code could not be saved. Please try again.') });
    }
  }

  async function leaveNow() {
    setMessage(null);
    try {
      setMessage({ kind: 'success', text: (await leave.mutateAsync()).message });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'Your partner could not be changed. Please try again.') });
    }
    setConfirming(false);
  }

  const partner = mine.data?.partner;
  return (
    <section className="card" aria-labelledby="your-partner-heading">
      <h2 id="your-partner-heading">Your partner</h2>
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      {mine.isPending && <Spinner label="Loading your partner…" />}
      {mine.isError && <Banner kind="error">Your partner could not be loaded. Please try again.</Banner>}
      {partner && (
        <>
          <p>
            <strong>{partner.legalName}</strong> serves you since {formatIndianDate(partner.since)}: they may see your plan, when it ends
            and the PCs you use, and raise pro-formas for you.
          </p>
          {confirming ? (
            <p>
              Leave {partner.legalName}? The seller serves you directly from then on.{' '}
              <Button variant="danger" onClick={() => void leaveNow()} disabled={leave.isPending}>
                Yes, leave my partner
              </Button>{' '}
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep them
              </Button>
            </p>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Leave my partner
            </Button>
          )}
        </>
      )}
      {mine.data && !partner && (
        <form onSubmit={submit}>
          <p>A dealer who sold you the software or helps you with it can be your partner: enter the code they gave you.</p>
          <TextField label="Partner code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" />
          <Button type="submit" disabled={join.isPending || !code.trim()}>
            Save partner code
          </Button>
        </form>
      )}
    </section>
  );
}
