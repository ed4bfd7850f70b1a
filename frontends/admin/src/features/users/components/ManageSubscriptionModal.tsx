import { useState } from 'react';
import {
  istDateOf,
  PLAN_NAMES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_UPDATED,
  type AdminSubscriptionUpdate,
  type AdminUserRow,
} from '@portal/contracts';
import { Button, Modal, SelectField, TextField } from '@portal/ui';
import { useUpdateSubscription } from '../api';

export const SUBSCRIPTION_UPDATE_FAILED = 'Failed to update user subscription';

/** The Indian calendar date, as the admin's other dates read. */
const dateInput = (iso: string | null) => (iso ? istDateOf(new Date(iso)) : '');

/** The body of behaviour.md §5 "Admin manage-subscription": the price as a number; a trial's end is also its trial end. */
export function subscriptionUpdateBody(form: {
  plan: string;
  status: string;
  startDate: string;
  endDate: string;
  price: string;
}): Record<keyof AdminSubscriptionUpdate, string | number | null> {
  return {
    subscriptionPlan: form.plan,
    subscriptionStatus: form.status,
    subscriptionStartDate: form.startDate || null,
    subscriptionEndDate: form.endDate || null,
    trialEnd: form.status === 'trial' ? form.endDate || null : null,
    planPrice: Number(form.price) || 0,
  };
}

export function ManageSubscriptionModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const updating = useUpdateSubscription();
  const [form, setForm] = useState({
    plan: user.subscriptionPlan,
    status: user.subscriptionStatus,
    startDate: dateInput(user.subscriptionStartDate ?? user.trialStart),
    endDate: dateInput(user.subscriptionEndDate ?? user.trialEnd),
    price: String(user.planPrice ?? 0),
  });
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  async function save() {
    setSaving(true);
    try {
      await updating.mutateAsync({ userId: user._id, body: subscriptionUpdateBody(form) });
      window.alert(SUBSCRIPTION_UPDATED);
      onClose();
    } catch {
      window.alert(SUBSCRIPTION_UPDATE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title="Manage Subscription" onClose={onClose}>
      <p className="muted">{user.email}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <SelectField label="Plan" value={form.plan} onChange={set('plan')} options={PLAN_NAMES} />
        <SelectField label="Status" value={form.status} onChange={set('status')} options={SUBSCRIPTION_STATUSES} />
        <TextField label="Start Date" type="date" value={form.startDate} onChange={set('startDate')} />
        <TextField label="End Date" type="date" value={form.endDate} min={form.startDate || undefined} onChange={set('endDate')} />
        <TextField label="Plan Price (₹ per month)" type="number" min={0} step="0.01" value={form.price} onChange={set('price')} />
        <div className="row row-end">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Updating...' : 'Update Subscription'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
