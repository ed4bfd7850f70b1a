import { useEffect, useState, type FormEvent } from 'react';
import { GST_STATES, gstinProblem, type BillingProfile } from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner, TextField } from '@portal/ui';
import { TEXTS } from '../../../texts';
import { type FirmScope } from '../../../lib/firm-scope';
import { useBillingProfile, useSaveBillingProfile } from '../api';

const EMPTY = { legalName: '', gstin: '', street: '', city: '', pincode: '', stateCode: '' };
const formFrom = (profile: BillingProfile | null) => (profile ? { ...profile, gstin: profile.gstin ?? '' } : EMPTY);

/**
 * The profile page's Billing tab: the name, GSTIN and address the user's tax invoices carry, or
 * with `firmId` a firm's, which its invoices carry. The
 * GSTIN is checked as soon as the field is left (format, check character, state), so a typing
 * error shows before saving; the server checks it again.
 */
export function BillingDetails({ intro, onSaved, firmId = null }: { intro?: string; onSaved?: () => void; firmId?: FirmScope } = {}) {
  const { data: profile, isPending, isError } = useBillingProfile(firmId);
  const saving = useSaveBillingProfile(firmId);
  const [form, setForm] = useState(EMPTY);
  const [gstinHint, setGstinHint] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    if (profile !== undefined) setForm(formFrom(profile));
  }, [profile]);

  if (isError) return <Banner kind="error">{TEXTS.billingFailed}</Banner>;
  if (isPending) return <Spinner />;
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const checkGstin = () => setGstinHint(form.gstin.trim() ? (gstinProblem(form.gstin, form.stateCode || undefined) ?? '') : '');

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const { message: saved } = await saving.mutateAsync({ ...form, stateCode: form.stateCode as BillingProfile['stateCode'] });
      setMessage({ kind: 'success', text: saved });
      onSaved?.();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, TEXTS.billingSaveFailed) });
    }
  }

  return (
    <form className="card" onSubmit={save} noValidate aria-label="Billing details">
      <p className="muted">{intro ?? 'Your tax invoices carry these details. Add your GSTIN to claim input tax credit.'}</p>
      {message && (
        <Banner key={message.text} kind={message.kind} onDone={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      <TextField label="Legal or business name" value={form.legalName} onChange={set('legalName')} required />
      <TextField
        label="GSTIN (optional)"
        value={form.gstin}
        onChange={set('gstin')}
        onBlur={checkGstin}
        autoCapitalize="characters"
        maxLength={15}
        hint={gstinHint || '15 characters, e.g. 27AAPFU0939F1ZV'}
        aria-invalid={gstinHint ? true : undefined}
      />
      <TextField label="Billing address" value={form.street} onChange={set('street')} required />
      <TextField label="City" value={form.city} onChange={set('city')} required />
      <TextField label="Pincode" inputMode="numeric" maxLength={6} value={form.pincode} onChange={set('pincode')} required />
      <div className="field">
        <label htmlFor="billing-state">State</label>
        <select id="billing-state" value={form.stateCode} onChange={set('stateCode')} onBlur={checkGstin} required>
          <option value="">Choose your state</option>
          {GST_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name} ({state.code})
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={saving.isPending}>
        {saving.isPending ? 'Saving…' : 'Save billing details'}
      </Button>
    </form>
  );
}
