import { useState, type FormEvent } from 'react';
import { PARTNER_TIERS, type PartnerTier } from '@portal/contracts';
import { Button, errorMessage, SelectField, TextField } from '@portal/ui';
import { useCreatePartner } from '../api';
import type { Outcome } from './PartnersTab';

const EMPTY = { legalName: '', gstin: '', pan: '', accountName: '', accountNumber: '', ifsc: '', tier: 'silver' as PartnerTier };

/** A new partner business: its legal name, GSTIN if registered, PAN, the bank account commission is paid to, and its tier. */
export function NewPartnerForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const create = useCreatePartner();
  const [form, setForm] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const { message } = await create.mutateAsync({
        legalName: form.legalName,
        gstin: form.gstin || null,
        pan: form.pan,
        bank: { accountName: form.accountName, accountNumber: form.accountNumber, ifsc: form.ifsc },
        tier: form.tier,
      });
      onOutcome({ kind: 'success', text: message });
      setForm(EMPTY);
    } catch (failure) {
      onOutcome({ kind: 'error', text: errorMessage(failure, 'The partner could not be created.') });
    }
  }

  return (
    <form className="card" onSubmit={submit} aria-label="New partner">
      <h3>New partner</h3>
      <TextField label="Legal name" value={form.legalName} onChange={set('legalName')} required />
      <TextField label="GSTIN (if registered)" value={form.gstin} onChange={set('gstin')} />
      <TextField label="PAN" value={form.pan} onChange={set('pan')} required />
      <TextField label="Name on the bank account" value={form.accountName} onChange={set('accountName')} required />
      <TextField label="Bank account number" value={form.accountNumber} onChange={set('accountNumber')} inputMode="numeric" required />
      <TextField label="IFSC" value={form.ifsc} onChange={set('ifsc')} required />
      <SelectField label="Tier" options={PARTNER_TIERS} value={form.tier} onChange={set('tier')} />
      <Button type="submit" disabled={create.isPending}>
        Create partner
      </Button>
    </form>
  );
}
