import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  billingPeriodLabel,
  formatRupees,
  GENDERS,
  formatIndianDate,
  planLabel,
  type PlansResponse,
  type PublicUser,
  type SubscriptionStatus,
} from '@portal/contracts';
import {
  Banner,
  Button,
  errorMessage,
  ProgressBar,
  SelectField,
  Spinner,
  Tabs,
  TextField,
  trackUsage,
  useAuth,
  useSearchParams,
} from '@portal/ui';
import { BillingDetails } from '../features/billing/components/BillingDetails';
import { Devices } from '../features/desktop/components/Devices';
import { Firms } from '../features/firms/components/Firms';
import { SecurityAndPrivacy } from '../features/privacy/components/SecurityAndPrivacy';
import { useProfile, useUpdateProfile } from '../features/profile/api';
import { usePlans, useStartTrial } from '../features/subscription/api';
import { withQueries } from '../queries';
import { TEXTS, type Message } from '../texts';
import '../components/portal.css';

type Tab = 'basic' | 'personal' | 'address' | 'subscription' | 'billing' | 'firms' | 'devices' | 'privacy';
/** The tabs of the profile form, which Edit Profile opens. */
const FORM_TABS: Tab[] = ['basic', 'personal', 'address'];

const TABS: { id: Tab; label: string }[] = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'personal', label: 'Personal Details' },
  { id: 'address', label: 'Address' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'billing', label: 'Billing' },
  { id: 'firms', label: 'Firms' },
  { id: 'devices', label: 'Devices' },
  { id: 'privacy', label: 'Security and Privacy' },
];

/** Spec §2: first and last name, else first name, else display name, else the e-mail's name prettified. */
export function greetingName(user: Pick<PublicUser, 'firstName' | 'lastName' | 'displayName' | 'email'>): string {
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  if (user.firstName) return user.firstName;
  if (user.displayName) return user.displayName;
  return (user.email.split('@')[0] ?? '')
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const BADGES = {
  active: ['Active Subscription', 'badge-green'],
  trial: ['Free Trial', ''],
  expired: ['Expired', 'badge-red'],
  none: ['No Subscription', 'badge-amber'],
} as const;

/** What the plan costs for the period paid: an annual plan's yearly price, not its monthly one (D7). */
export function priceText(status: SubscriptionStatus | null, plans: PlansResponse | undefined): string {
  if (status?.billingPeriod !== 'annual') return `${formatRupees(status?.planPrice ?? 0)}/month`;
  const annual = plans?.[status.subscriptionPlan]?.annualPrice;
  return annual === undefined ? '…' : `${formatRupees(annual)}/year`;
}

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

function Profile() {
  const { status, subscription, refresh } = useAuth();
  const [params] = useSearchParams();
  const completing = params.get('complete-profile') === 'true';
  const { data: user, isError: failed } = useProfile();
  const update = useUpdateProfile();
  const trial = useStartTrial();
  const { data: plans } = usePlans();
  // an e-mailed firm invitation opens the Firms tab (`?tab=firms&invitation=…`)
  const [tab, setTab] = useState<Tab>(completing ? 'personal' : params.get('tab') === 'firms' ? 'firms' : 'basic');
  const [editing, setEditing] = useState(completing);
  const [form, setForm] = useState<ReturnType<typeof formFrom> | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const viewed = useRef(false);

  // The form starts from the profile once it has loaded, and again after each save.
  useEffect(() => {
    if (user) setForm(formFrom(user));
  }, [user]);

  useEffect(() => {
    if (user && !viewed.current) {
      viewed.current = true;
      trackUsage('profile_viewed', { completion: user.profileCompletionPercentage }, status);
    }
  }, [user, status]);

  if (failed) return <Banner kind="error">{TEXTS.profileFailed}</Banner>;
  if (!user || !form) return <Spinner />;
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const info = user.personalInfo;

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await update.mutateAsync({
        firstName: form!.firstName,
        lastName: form!.lastName,
        personalInfo: {
          ...(form!.age ? { age: Number.parseInt(form!.age, 10) } : {}),
          gender: form!.gender,
          mobileNumber: form!.mobileNumber,
          occupation: form!.occupation,
          organization: form!.organization,
          address: { street: form!.street, city: form!.city, state: form!.state, pincode: form!.pincode },
        },
      });
      setEditing(false);
      setMessage({ kind: 'success', text: TEXTS.profileUpdated });
      trackUsage('profile_updated', { completion: saved.profileCompletionPercentage }, status);
      await refresh();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, TEXTS.profileUpdateFailed) });
    }
  }

  const [badgeText, badgeClass] = BADGES[subscription];
  const isTrial = subscription === 'trial' || (subscription === 'expired' && status?.subscriptionPlan === 'trial');
  const expiry = isTrial ? status?.trialEnd : status?.subscriptionEndDate;
  const showPrice = subscription === 'active' || status?.subscriptionStatus === 'business' || status?.subscriptionStatus === 'professional';

  return (
    <div>
      <div className="row row-between">
        <div>
          <h1>Hello, {greetingName(user)}</h1>
          <span className={`badge ${badgeClass}`}>{badgeText}</span>
        </div>
        {!editing && FORM_TABS.includes(tab) && <Button onClick={() => setEditing(true)}>Edit Profile</Button>}
      </div>
      {user.profileCompletionPercentage < 100 && (
        <div className="stack-top stack-bottom">
          <p className="muted">Your profile is {user.profileCompletionPercentage}% complete</p>
          <ProgressBar value={user.profileCompletionPercentage} label="Profile completion" />
        </div>
      )}
      {message && (
        <Banner key={message.text} kind={message.kind} onDone={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      {!info.profileComplete && (!info.age || !info.gender) && tab !== 'personal' && (
        <Banner kind="info">
          <strong>Complete Your Profile</strong>: add your age and gender on the Personal Details tab.
        </Banner>
      )}
      {!info.address && tab !== 'address' && (
        <Banner kind="info">
          <strong>Add Your Address</strong>: it appears on your certificates.
        </Banner>
      )}
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="Profile sections" />
      {tab === 'billing' && <BillingDetails />}
      {tab === 'firms' && user && <Firms userId={user._id} />}
      {tab === 'devices' && <Devices />}
      {tab === 'privacy' && <SecurityAndPrivacy user={user} />}
      <form className="card" onSubmit={save} noValidate hidden={!FORM_TABS.includes(tab) && tab !== 'subscription'}>
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
        {tab === 'subscription' && (
          <dl className="details">
            <dt>Plan</dt>
            <dd>{planLabel(status?.subscriptionPlan)}</dd>
            {status?.billingPeriod && (
              <>
                <dt>Billing</dt>
                <dd>{billingPeriodLabel(status.billingPeriod)}</dd>
              </>
            )}
            <dt>Status</dt>
            <dd>{badgeText}</dd>
            {expiry && (
              <>
                <dt>{isTrial ? 'Trial Expires' : 'Subscription Expires'}</dt>
                <dd>
                  {formatIndianDate(expiry)} {subscription === 'expired' ? '(Expired)' : `(${status?.daysRemaining} days remaining)`}
                </dd>
              </>
            )}
            {showPrice && (
              <>
                <dt>Price</dt>
                <dd>{priceText(status, plans)}</dd>
              </>
            )}
          </dl>
        )}
        {tab === 'subscription' && subscription === 'none' && status?.canStartTrial && (
          <div className="stack-top">
            <p>Try every feature free for 30 days.</p>
            <Button disabled={trial.starting} onClick={async () => setMessage(await trial.start())}>
              Start Free Trial
            </Button>
          </div>
        )}
        {editing && tab !== 'subscription' && (
          <div className="row">
            <Button type="submit">Save changes</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setForm(formFrom(user));
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}

export default withQueries(Profile);
