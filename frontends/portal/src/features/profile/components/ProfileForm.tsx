import { useEffect, useState, type FormEvent } from 'react';
import { GENDERS, type PublicUser } from '@portal/contracts';
import { Button, errorMessage, SelectField, TextField, trackUsage, useAuth } from '@portal/ui';
import { TEXTS, type Message } from '../../../texts';
import { useUpdateProfile } from '../api';

export type ProfileFormTab = 'basic' | 'personal' | 'address';

function formFrom(user: PublicUser) {
  const info = user.personalInfo;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    age: info.age ? String(info.age) : '',
    gender: info.gender ?? ('' as const),
    mobileNumber: info.mobileNumber ?? '',
    occupation: info.occupation ?? '',
    organization: info.organization ?? '',
    street: info.address?.street ?? '',
    city: info.address?.city ?? '',
    state: info.address?.state ?? '',
    pincode: info.address?.pincode ?? '',
  };
}

/**
 * The profile's own fields, a tab at a time (basic, personal details, address), read-only until
 * Edit Profile; it stays mounted while other tabs show, so an edit under way is not lost.
 */
export function ProfileForm({
  user,
  tab,
  editing,
  onEditingChange,
  onMessage,
}: {
  user: PublicUser;
  /** The form's tab showing, or null while another tab shows (the form stays mounted, hidden). */
  tab: ProfileFormTab | null;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onMessage: (message: Message) => void;
}) {
  const { status, refresh } = useAuth();
  const update = useUpdateProfile();
  const [form, setForm] = useState(() => formFrom(user));

  // the form starts again from the profile after each save
  useEffect(() => setForm(formFrom(user)), [user]);

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await update.mutateAsync({
        firstName: form.firstName,
        lastName: form.lastName,
        personalInfo: {
          ...(form.age ? { age: Number.parseInt(form.age, 10) } : {}),
          gender: form.gender,
          mobileNumber: form.mobileNumber,
          occupation: form.occupation,
          organization: form.organization,
          address: { street: form.street, city: form.city, state: form.state, pincode: form.pincode },
        },
      });
      onEditingChange(false);
      onMessage({ kind: 'success', text: TEXTS.profileUpdated });
      trackUsage('profile_updated', { completion: saved.profileCompletionPercentage }, status);
      await refresh();
    } catch (failure) {
      onMessage({ kind: 'error', text: errorMessage(failure, TEXTS.profileUpdateFailed) });
    }
  }

  return (
    <form className="card" onSubmit={save} noValidate hidden={tab === null}>
      {tab === 'basic' && (
        <>
          <TextField label="First name" value={form.firstName} onChange={set('firstName')} readOnly={!editing} required />
          <TextField label="Last name" value={form.lastName} onChange={set('lastName')} readOnly={!editing} />
          <TextField label="Email" value={user.email} readOnly hint="Email cannot be changed" />
        </>
      )}
      {tab === 'personal' && (
        <>
          <TextField label="Age" type="number" min={18} max={120} value={form.age} onChange={set('age')} readOnly={!editing} />
          <SelectField
            label="Gender"
            value={form.gender}
            onChange={set('gender')}
            disabled={!editing}
            options={GENDERS}
            emptyOption="Not provided"
          />
          <TextField
            label="Mobile number"
            type="tel"
            placeholder="+91 9876543210"
            value={form.mobileNumber}
            onChange={set('mobileNumber')}
            readOnly={!editing}
          />
          <TextField label="Occupation" value={form.occupation} onChange={set('occupation')} readOnly={!editing} />
          <TextField label="Organization" value={form.organization} onChange={set('organization')} readOnly={!editing} />
        </>
      )}
      {tab === 'address' && (
        <>
          <TextField label="Street address" value={form.street} onChange={set('street')} readOnly={!editing} required />
          <TextField label="City" value={form.city} onChange={set('city')} readOnly={!editing} required />
          <TextField label="State" value={form.state} onChange={set('state')} readOnly={!editing} required />
          <TextField
            label="Pincode"
            maxLength={6}
            inputMode="numeric"
            value={form.pincode}
            onChange={set('pincode')}
            readOnly={!editing}
            required
          />
          <TextField label="Country" value="India" readOnly />
        </>
      )}
      {editing && (
        <div className="row">
          <Button type="submit">Save changes</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setForm(formFrom(user));
              onEditingChange(false);
            }}
          >
            Cancel
          </Button>
        </div>
      )}
    </form>
  );
}
