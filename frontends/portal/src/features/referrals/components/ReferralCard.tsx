import { useState } from 'react';
import { formatIndianDate, formatRupees } from '@portal/contracts';
import { Button, TextField } from '@portal/ui';
import { useReferral } from '../api';

/**
 * The customer's referral link and credit: the link to share, what a referral
 * earns, and the credit that comes off the next payment.
 */
export function ReferralCard() {
  const { data: referral } = useReferral();
  const [copied, setCopied] = useState(false);
  // nothing until the panel's own answer is in (an answer without a link is none)
  if (!referral?.link) return null;
  const copy = async () => {
    await navigator.clipboard?.writeText(referral.link).catch(() => undefined);
    setCopied(true);
  };
  return (
    <section className="card stack-top" aria-labelledby="referral-heading">
      <h2 id="referral-heading">Refer a colleague</h2>
      <p>
        When a practitioner signs up through your link and pays for their first plan, you get {formatRupees(referral.creditPerReferral)} off
        your next payment, before GST.
      </p>
      <div className="row">
        <TextField label="Your referral link" value={referral.link} readOnly onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      {referral.balance > 0 && (
        <p>
          Your referral credit: <strong>{formatRupees(referral.balance)}</strong>. It comes off your next payment.
        </p>
      )}
      {referral.earned.length > 0 && (
        <ul className="muted">
          {referral.earned.map((credit) => (
            <li key={credit.at}>
              {formatRupees(credit.amount)} earned on {formatIndianDate(credit.at)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
