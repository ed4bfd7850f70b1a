import { memo } from 'react';
import { planLabel, subscriptionStatusLabel, type AdminUserRow } from '@portal/contracts';
import { Button, ProgressBar } from '@portal/ui';
import { daysLabel } from '../user-labels';
import { adminMayNow } from '../../../admin-session';

/** The dialog a row's action opens. */
export type UserDialog = { kind: 'details'; userId: string } | { kind: 'manage' | 'delete'; user: AdminUserRow };

/** One user in the admin's table: who, how to reach them, their plan and the three actions. */
export const UserRow = memo(function UserRow({ user, onOpen }: { user: AdminUserRow; onOpen: (dialog: UserDialog) => void }) {
  return (
    <tr>
      <td>
        <bdi>{user.email}</bdi>
        <br />
        {/* what people wrote is isolated, so that no character in it turns the row around (D8) */}
        <bdi className="muted">{user.displayName}</bdi> {user.isGoogleUser && <span className="badge">Google</span>}
      </td>
      <td>
        {user.personalInfo.mobileNumber ?? 'No mobile'}
        <br />
        <span className="muted">
          {user.personalInfo.address ? <bdi>{`${user.personalInfo.address.city}, ${user.personalInfo.address.state}`}</bdi> : 'No address'}
        </span>
      </td>
      <td>{planLabel(user.subscriptionPlan)}</td>
      <td>{subscriptionStatusLabel(user.subscriptionStatus)}</td>
      <td>
        <ProgressBar value={user.profileCompletionPercentage} label={`Profile of ${user.email}`} />
        {user.profileCompletionPercentage}%
      </td>
      <td>{daysLabel(user)}</td>
      <td>
        <div className="row">
          <Button variant="link" aria-label={`View details of ${user.email}`} onClick={() => onOpen({ kind: 'details', userId: user._id })}>
            View Details
          </Button>
          {adminMayNow('manage-subscriptions') && (
            <Button variant="link" aria-label={`Manage ${user.email}`} onClick={() => onOpen({ kind: 'manage', user })}>
              Manage
            </Button>
          )}
          {adminMayNow('manage-users') && (
            <Button variant="link" aria-label={`Delete ${user.email}`} onClick={() => onOpen({ kind: 'delete', user })}>
              Delete
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
});
