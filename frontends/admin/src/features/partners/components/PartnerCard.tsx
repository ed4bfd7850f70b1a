import { useState, type FormEvent } from 'react';
import {
  formatIndianDate,
  formatMonth,
  formatRupees,
  PARTNER_TIERS,
  type PartnerTier,
  type PartnerView,
  type TierRates,
} from '@portal/contracts';
import { Button, errorMessage, SelectField, TextField } from '@portal/ui';
import { adminMayNow } from '../../../admin-session';
import { useAddStaff, useRecordPayout, useStatements, useUpdatePartner } from '../api';
import type { Outcome } from './PartnersTab';

/** One partner: its facts, tier and status, staff, and statements with their payouts. */
export function PartnerCard({
  partner,
  rates,
  onOutcome,
}: {
  partner: PartnerView;
  rates: TierRates;
  onOutcome: (outcome: Outcome) => void;
}) {
  const manage = adminMayNow('manage-partners');
  const update = useUpdatePartner();
  const addStaff = useAddStaff();
  const [staffEmail, setStaffEmail] = useState('');
  const [open, setOpen] = useState(false);

  const act = async (work: () => Promise<{ message: string }>, fallback: string) => {
    try {
      onOutcome({ kind: 'success', text: (await work()).message });
    } catch (failure) {
      onOutcome({ kind: 'error', text: errorMessage(failure, fallback) });
    }
  };

  async function submitStaff(event: FormEvent) {
    event.preventDefault();
    await act(() => addStaff.mutateAsync({ id: partner.id, email: staffEmail }), 'The staff member could not be added.');
    setStaffEmail('');
  }

  return (
    <article className="card" aria-label={partner.legalName}>
      <h3>
        {partner.legalName} <span className={partner.status === 'active' ? 'badge' : 'badge badge-red'}>{partner.status}</span>
      </h3>
      <p>
        Code <strong>{partner.code}</strong> · PAN {partner.pan} · {partner.gstin ? `GSTIN ${partner.gstin}` : 'not registered for GST'} ·
        bank account ending {partner.bank.accountEnding} ({partner.bank.ifsc})
      </p>
      <p>
        Tier {partner.tier}: {rates.new}% on new licences, {rates.renewal}% on renewals, {rates.upgrade}% on upgrades
      </p>
      <p>Staff: {partner.staff.length ? partner.staff.map((member) => member.email).join(', ') : 'none yet'}</p>
      {manage && (
        <div className="row">
          <SelectField
            label="Tier"
            options={PARTNER_TIERS}
            value={partner.tier}
            onChange={(event) =>
              void act(
                () => update.mutateAsync({ id: partner.id, tier: event.target.value as PartnerTier }),
                'The tier could not be changed.',
              )
            }
          />
          <Button
            variant={partner.status === 'active' ? 'danger' : 'secondary'}
            onClick={() =>
              void act(
                () => update.mutateAsync({ id: partner.id, status: partner.status === 'active' ? 'suspended' : 'active' }),
                'The partner could not be changed.',
              )
            }
          >
            {partner.status === 'active' ? 'Suspend' : 'Make active again'}
          </Button>
          <form onSubmit={submitStaff} className="row">
            <TextField
              label="Staff member’s portal e-mail"
              type="email"
              value={staffEmail}
              onChange={(event) => setStaffEmail(event.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={!staffEmail}>
              Add to staff
            </Button>
          </form>
        </div>
      )}
      <Button variant="link" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide statements' : 'Statements'}
      </Button>
      {open && <PartnerStatements partnerId={partner.id} onOutcome={onOutcome} />}
    </article>
  );
}

function PartnerStatements({ partnerId, onOutcome }: { partnerId: string; onOutcome: (outcome: Outcome) => void }) {
  const statements = useStatements(partnerId);
  const payout = useRecordPayout();
  const pay = adminMayNow('pay-partners');
  const [utr, setUtr] = useState('');
  const [paidOn, setPaidOn] = useState('');

  async function record(month: string) {
    try {
      onOutcome({ kind: 'success', text: (await payout.mutateAsync({ id: partnerId, month, utr, paidOn })).message });
      setUtr('');
    } catch (failure) {
      onOutcome({ kind: 'error', text: errorMessage(failure, 'The payout could not be recorded.') });
    }
  }

  if (!statements.data) return null;
  if (statements.data.length === 0) return <p>No statement yet.</p>;
  return (
    <table className="table">
      <thead>
        <tr>
          <th>Month</th>
          <th>Commission</th>
          <th>GST</th>
          <th>TDS</th>
          <th>Payable</th>
          <th>Payout</th>
        </tr>
      </thead>
      <tbody>
        {statements.data.map((statement) => (
          <tr key={statement.month}>
            <td>{formatMonth(statement.month)}</td>
            <td>{formatRupees(statement.commission)}</td>
            <td>{formatRupees(statement.gst)}</td>
            <td>{formatRupees(statement.tds)}</td>
            <td>{formatRupees(statement.payable)}</td>
            <td>
              {statement.payout ? (
                `${formatIndianDate(statement.payout.paidOn)}, UTR ${statement.payout.utr}`
              ) : pay && statement.payable > 0 ? (
                <div className="row">
                  <TextField label="UTR" value={utr} onChange={(event) => setUtr(event.target.value)} />
                  <TextField label="Paid on" type="date" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} />
                  <Button variant="secondary" onClick={() => void record(statement.month)} disabled={!utr || !paidOn}>
                    Record payout
                  </Button>
                </div>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
