import { formatRupees } from '@portal/contracts';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { useReferralCredits } from '../api';

/** The referral credits given: who earned each, by whose first payment, and when. */
export function ReferralCredits() {
  const credits = useReferralCredits().data ?? [];
  return (
    <section aria-labelledby="referral-credits" className="stack-top">
      <h2 id="referral-credits">Referral credits given</h2>
      {credits.length === 0 ? (
        <p className="muted">No referral has earned a credit yet.</p>
      ) : (
        <ScrollArea label="Referral credits">
          <table className="table">
            <HeaderRow columns={['Given on', 'Earned by', 'Referred account', 'First payment', 'Credit']} />
            <tbody>
              {credits.map((credit) => (
                <tr key={credit.merchantOrderId}>
                  <td>{day(credit.grantedAt)}</td>
                  <td>{credit.referrerEmail ?? 'Deleted account'}</td>
                  <td>{credit.referredAccountId ?? 'Deleted account'}</td>
                  <td>
                    <code>{credit.merchantOrderId}</code>
                  </td>
                  <td>
                    {formatRupees(credit.amount)}
                    {credit.takenBack && ' (taken back: the payment was refunded)'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </section>
  );
}
