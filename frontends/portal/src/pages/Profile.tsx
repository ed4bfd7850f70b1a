import { useEffect, useRef, useState } from 'react';
import type { PublicUser } from '@portal/contracts';
import { Banner, Button, ProgressBar, Spinner, Tabs, trackUsage, useAuth, useSearchParams } from '@portal/ui';
import { WebhookEndpoints } from '@portal/ui/integrations';
import { BillingDetails } from '../features/billing/components/BillingDetails';
import { Devices } from '../features/desktop/components/Devices';
import { ApiKeys } from '../features/developers/components/ApiKeys';
import { Firms } from '../features/firms/components/Firms';
import { NotificationChoices } from '../features/notifications/components/NotificationChoices';
import { PhoneChannels } from '../features/notifications/components/PhoneChannels';
import { YourPartner } from '../features/partner/components/YourPartner';
import { SecurityAndPrivacy } from '../features/privacy/components/SecurityAndPrivacy';
import { useProfile } from '../features/profile/api';
import { ProfileForm, type ProfileFormTab } from '../features/profile/components/ProfileForm';
import { SUBSCRIPTION_BADGES, SubscriptionSummary } from '../features/subscription/components/SubscriptionSummary';
import { withQueries } from '../queries';
import { TEXTS, type Message } from '../texts';
import '../components/portal.css';

type Tab =
  | 'basic'
  | 'personal'
  | 'address'
  | 'subscription'
  | 'billing'
  | 'partner'
  | 'firms'
  | 'devices'
  | 'notifications'
  | 'developers'
  | 'privacy';
/** The tabs of the profile form, which Edit Profile opens. */
const FORM_TABS: Tab[] = ['basic', 'personal', 'address'] satisfies ProfileFormTab[];
const isFormTab = (tab: Tab): tab is ProfileFormTab => FORM_TABS.includes(tab);

const TABS: { id: Tab; label: string }[] = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'personal', label: 'Personal Details' },
  { id: 'address', label: 'Address' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'billing', label: 'Billing' },
  { id: 'partner', label: 'Partner' },
  { id: 'firms', label: 'Firms' },
  { id: 'devices', label: 'Devices' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'developers', label: 'Developers' },
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

/**
 * The signed-in person's page (behaviour.md §2): a greeting, how complete the profile is, and a
 * tab for each part, each drawn by its feature; the page only chooses the tab.
 */
function Profile() {
  const { status, subscription } = useAuth();
  const [params] = useSearchParams();
  const completing = params.get('complete-profile') === 'true';
  const { data: user, isError: failed } = useProfile();
  // e-mailed links open their tab: a firm invitation (`?tab=firms&invitation=…`), a new sign-in's (`privacy`, `devices`), an unsubscribe page's (`notifications`)
  const linked = TABS.find(({ id }) => id === params.get('tab'))?.id;
  const [tab, setTab] = useState<Tab>(completing ? 'personal' : (linked ?? 'basic'));
  const [editing, setEditing] = useState(completing);
  const [message, setMessage] = useState<Message | null>(null);
  const viewed = useRef(false);

  useEffect(() => {
    if (user && !viewed.current) {
      viewed.current = true;
      trackUsage('profile_viewed', { completion: user.profileCompletionPercentage }, status);
    }
  }, [user, status]);

  if (failed) return <Banner kind="error">{TEXTS.profileFailed}</Banner>;
  if (!user) return <Spinner />;
  const info = user.personalInfo;
  const [badgeText, badgeClass] = SUBSCRIPTION_BADGES[subscription];

  return (
    <div>
      <div className="row row-between">
        <div>
          <h1>Hello, {greetingName(user)}</h1>
          <span className={`badge ${badgeClass}`}>{badgeText}</span>
        </div>
        {!editing && isFormTab(tab) && <Button onClick={() => setEditing(true)}>Edit Profile</Button>}
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
      {tab === 'subscription' && <SubscriptionSummary onMessage={setMessage} />}
      {tab === 'billing' && <BillingDetails />}
      {tab === 'partner' && <YourPartner />}
      {tab === 'firms' && <Firms userId={user._id} />}
      {tab === 'devices' && <Devices />}
      {tab === 'notifications' && (
        <>
          <NotificationChoices />
          <PhoneChannels profileMobile={user.personalInfo.mobileNumber ?? ''} />
        </>
      )}
      {tab === 'developers' && (
        <>
          <ApiKeys />
          <WebhookEndpoints
            base="/api/webhooks"
            intro="Your accounting software or a dealer’s system hears at once when a payment, invoice, plan, refund or PC of yours (or of a firm you own) changes: signed to the Standard Webhooks specification and retried for about a day."
          />
        </>
      )}
      {tab === 'privacy' && <SecurityAndPrivacy user={user} />}
      <ProfileForm user={user} tab={isFormTab(tab) ? tab : null} editing={editing} onEditingChange={setEditing} onMessage={setMessage} />
    </div>
  );
}

export default withQueries(Profile);
