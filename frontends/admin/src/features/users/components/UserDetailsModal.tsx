import { Fragment, useState, type ReactNode } from 'react';
import {
  billingPeriodLabel,
  formatIndianDate,
  formatIndianDateTime,
  formatRupees,
  planLabel,
  subscriptionStatusLabel,
  type AdminUserRow,
  type FirmRole,
} from '@portal/contracts';
import { Banner, Button, errorMessage, Modal, Spinner } from '@portal/ui';
import { useResetSecondFactor, useUserDetails } from '../api';
import { dateOrNotProvided, daysLabel, orNotProvided } from '../user-labels';
import { adminMayNow } from '../../../admin-session';
import { UserDevices } from './UserDevices';
import { UserSeats } from './UserSeats';
import { UserMessages } from './UserMessages';
import { UserTimeline } from './UserTimeline';

const FIRM_ROLE_LABELS: Record<FirmRole, string> = { owner: 'Owner', admin: 'Firm admin', member: 'Member' };

function Section({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <dl className="details">
        {rows.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** Everything the admin may need about one user (behaviour.md §2), fetched fresh when opened. */
export function UserDetailsModal({
  userId,
  onClose,
  onManage,
  onDelete,
  payments,
}: {
  userId: string;
  onClose: () => void;
  onManage: (user: AdminUserRow) => void;
  onDelete: (user: AdminUserRow) => void;
  /** The user's payments and partner, from the transactions and partners features: the page composes them. */
  payments: ReactNode;
}) {
  const details = useUserDetails(userId);
  const user = details.data;
  const resetting = useResetSecondFactor();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const failure = details.isError ? errorMessage(details.error, 'Failed to load user details') : '';

  if (!user) {
    return (
      <Modal title="User Details" onClose={onClose}>
        {failure ? <p role="alert">{failure}</p> : <Spinner />}
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal>
    );
  }
  const info = user.personalInfo;
  const address = info.address;
  const paid = user.subscriptionStatus !== 'trial' && user.subscriptionStatus !== 'none';
  return (
    <Modal title="User Details" onClose={onClose}>
      <Section
        title="Basic Information"
        rows={[
          ['Email', user.email],
          ['Name', orNotProvided(`${user.firstName} ${user.lastName}`.trim())],
          ['User Type', user.isGoogleUser ? 'Google OAuth' : 'Email/Password'],
          ['Member Since', dateOrNotProvided(user.createdAt)],
          [
            'Accepted Policies',
            user.consent
              ? `Terms ${user.consent.terms}, Privacy ${user.consent.privacy}, on ${formatIndianDateTime(user.consent.acceptedAt)}`
              : 'Not yet accepted',
          ],
        ]}
      />
      <Section
        title="Personal Information"
        rows={[
          ['Age', orNotProvided(info.age)],
          ['Gender', orNotProvided(info.gender)],
          ['Mobile', orNotProvided(info.mobileNumber)],
          ['Occupation', orNotProvided(info.occupation)],
          ['Organization', orNotProvided(info.organization)],
        ]}
      />
      <Section
        title="Address"
        rows={[
          ['Street', orNotProvided(address?.street)],
          ['City', orNotProvided(address?.city)],
          ['State', orNotProvided(address?.state)],
          ['Pincode', orNotProvided(address?.pincode)],
          ['Country', orNotProvided(address?.country)],
        ]}
      />
      <Section
        title="Subscription Details"
        rows={[
          ['Plan', planLabel(user.subscriptionPlan)],
          ['Billing', billingPeriodLabel(user.billingPeriod)],
          ['Status', subscriptionStatusLabel(user.subscriptionStatus)],
          ['Plan Price', `${formatRupees(user.planPrice)}/month`],
          ['Days Remaining', daysLabel(user)],
          ...((paid
            ? [
                ['Subscription Start', dateOrNotProvided(user.subscriptionStartDate)],
                ['Subscription End', dateOrNotProvided(user.subscriptionEndDate)],
              ]
            : [
                ['Trial Start', dateOrNotProvided(user.trialStart)],
                ['Trial End', dateOrNotProvided(user.trialEnd)],
              ]) as [string, string][]),
        ]}
      />
      <Section
        title="Activity"
        rows={[
          ['Trial Used', user.hasUsedTrial ? 'Yes' : 'No'],
          ['Last Download', user.lastDownloadDate ? formatIndianDate(user.lastDownloadDate) : 'Never'],
          ['Total Downloads', String(user.totalDownloads)],
        ]}
      />
      <Section
        title="Firms"
        rows={
          user.firms?.length
            ? user.firms.map((firm): [string, string] => [firm.name, FIRM_ROLE_LABELS[firm.role]])
            : [['Member of', 'No firm']]
        }
      />
      {payments}
      <UserTimeline userId={userId} />
      <UserDevices userId={userId} />
      <UserSeats userId={userId} />
      <UserMessages userId={userId} />
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      <div className="row row-between">
        <div className="row">
          {adminMayNow('manage-subscriptions') && <Button onClick={() => onManage(user)}>Manage Subscription</Button>}
          {adminMayNow('manage-users') && (
            <Button
              variant="secondary"
              disabled={resetting.isPending}
              onClick={() =>
                window.confirm(`Reset two-step sign-in for ${user.email}? Do this only once you are sure the request is theirs.`) &&
                resetting.mutateAsync(userId).then(
                  (text) => setOutcome({ kind: 'success', text }),
                  (failure: unknown) => setOutcome({ kind: 'error', text: errorMessage(failure, 'Two-step sign-in could not be reset') }),
                )
              }
            >
              Reset two-step sign-in
            </Button>
          )}
          {adminMayNow('manage-users') && (
            <Button variant="danger" onClick={() => onDelete(user)}>
              Delete User
            </Button>
          )}
        </div>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
