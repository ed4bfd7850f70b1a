import { useState } from 'react';
import {
  adminSubscriptionUpdateSchema,
  istDateOf,
  PLAN_NAMES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_UPDATED,
  type AdminSubscriptionUpdate,
  type AdminUserRow,
} from '@portal/contracts';
import { Banner, Button, errorMessage, Modal, SelectField, TextField } from '@portal/ui';
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

type FieldErrors = Partial<Record<'endDate' | 'price', string>>;

/** What the server's own rules say of the fields given, the dates apart from the price (an object's cross-field rule runs only once every field passes). */
const issuesOf = (fields: Partial<Record<keyof AdminSubscriptionUpdate, string>>) =>
  adminSubscriptionUpdateSchema.safeParse({ subscriptionPlan: 'none', subscriptionStatus: 'none', ...fields }).error?.issues ?? [];

/** Each problem beside its field (D10), before anything is sent. */
function problemsOf(form: { startDate: string; endDate: string; price: string }): FieldErrors {
  const endDate = issuesOf({ subscriptionStartDate: form.startDate, subscriptionEndDate: form.endDate })[0]?.message;
  const price = issuesOf({ planPrice: form.price.trim() })[0]?.message;
  return { ...(endDate && { endDate }), ...(price && { price }) };
}

/** Saves the admin's change; `onDone` hears the confirmation for the tab's notice. */
export function ManageSubscriptionModal({
  user,
  onClose,
  onDone,
}: {
  user: AdminUserRow;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const updating = useUpdateSubscription();
  const [form, setForm] = useState({
    plan: user.subscriptionPlan,
    status: user.subscriptionStatus,
    startDate: dateInput(user.subscriptionStartDate ?? user.trialStart),
    endDate: dateInput(user.subscriptionEndDate ?? user.trialEnd),
    price: String(user.planPrice ?? 0),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  async function save() {
    const problems = problemsOf(form);
    setErrors(problems);
    setFailure('');
    if (Object.keys(problems).length) return;
    try {
      await updating.mutateAsync({ userId: user._id, body: subscriptionUpdateBody(form) });
      onDone(SUBSCRIPTION_UPDATED);
    } catch (error) {
      setFailure(errorMessage(error, SUBSCRIPTION_UPDATE_FAILED));
    }
  }

  return (
    <Modal title="Manage Subscription" onClose={onClose}>
      <p className="muted">{user.email}</p>
      {failure && <Banner kind="error">{failure}</Banner>}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <SelectField label="Plan" value={form.plan} onChange={set('plan')} options={PLAN_NAMES} />
        <SelectField label="Status" value={form.status} onChange={set('status')} options={SUBSCRIPTION_STATUSES} />
        <TextField label="Start Date" type="date" value={form.startDate} onChange={set('startDate')} />
        <TextField label="End Date" type="date" value={form.endDate} onChange={set('endDate')} error={errors.endDate} />
        <TextField label="Plan Price (₹ per month)" inputMode="decimal" value={form.price} onChange={set('price')} error={errors.price} />
        <div className="row row-end">
          <Button variant="secondary" onClick={onClose} disabled={updating.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={updating.isPending}>
            {updating.isPending ? 'Updating...' : 'Update Subscription'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
