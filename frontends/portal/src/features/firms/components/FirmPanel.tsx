import { canManageFirm, formatIndianDate, type FirmDetails, type InvitableRole } from '@portal/contracts';
import { Banner, Button, Link, Spinner } from '@portal/ui';
import {
  useChangeRole,
  useDeleteFirm,
  useFirm,
  useRemoveMember,
  useSecondFactorRule,
  useTransferOwnership,
  useWithdrawInvitation,
} from '../api';
import { FirmSeats } from './FirmSeats';
import { InviteForm } from './InviteForm';
import { useFirmMessage } from './firm-message';

/** One firm: its seats, its people and, for those who manage it, its invitations and the actions on them. */
export function FirmPanel({ firmId, userId }: { firmId: string; userId: string }) {
  const firm = useFirm(firmId);
  const { banner, run } = useFirmMessage();
  const remove = useRemoveMember(firmId);
  const withdraw = useWithdrawInvitation(firmId);
  const changeRole = useChangeRole(firmId);
  const transfer = useTransferOwnership(firmId);
  const deleteFirm = useDeleteFirm(firmId);
  const secondFactorRule = useSecondFactorRule(firmId);

  if (firm.isPending) return <Spinner />;
  if (firm.isError) return <Banner kind="error">This firm could not be loaded</Banner>;
  const details: FirmDetails = firm.data;
  const manages = canManageFirm(details.role);
  const owns = details.role === 'owner';
  const confirmed = (question: string) => window.confirm(question);

  return (
    <section className="card" aria-label={details.name}>
      <h3>{details.name}</h3>
      <p className="muted">
        Your role: {details.role} · Seats: {details.seats.used} of {details.seats.bought} in use · Managed by{' '}
        {details.owner.name || details.owner.email}
      </p>
      {manages && (
        <p>
          <Link to={`/subscription?firm=${details.id}`}>Plan, seats and invoices of {details.name}</Link>
        </p>
      )}
      {banner}
      {owns ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={details.requireSecondFactor}
            disabled={secondFactorRule.isPending}
            onChange={(event) => {
              const required = event.target.checked;
              void run(() => secondFactorRule.mutateAsync(required), 'The sign-in rule could not be changed');
            }}
          />{' '}
          Require two-step sign-in of every member
        </label>
      ) : (
        details.requireSecondFactor && <p className="muted">This firm requires two-step sign-in of its members.</p>
      )}
      <h4>Members</h4>
      <ul className="stack-bottom">
        {details.members.map((member) => (
          <li key={member.userId} className="row row-between">
            <span>
              <strong>{member.name || member.email}</strong> · {member.email} · {member.role}
              <br />
              <span className="muted">Joined {formatIndianDate(member.joinedAt)}</span>
            </span>
            <span className="row">
              {owns && member.role !== 'owner' && (
                <>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      const role: InvitableRole = member.role === 'admin' ? 'member' : 'admin';
                      void run(() => changeRole.mutateAsync({ userId: member.userId, role }), 'The role could not be changed');
                    }}
                  >
                    {member.role === 'admin' ? 'Make member' : 'Make admin'}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      confirmed(`Make ${member.email} the owner of ${details.name}? You stay on as an admin.`) &&
                      void run(() => transfer.mutateAsync(member.userId), 'Ownership could not be passed on')
                    }
                  >
                    Make owner
                  </Button>
                </>
              )}
              {manages && member.userId !== userId && member.role !== 'owner' && (owns || member.role === 'member') && (
                <Button
                  variant="danger"
                  aria-label={`Remove ${member.email}`}
                  onClick={() =>
                    confirmed(
                      `Remove ${member.email} from ${details.name}? Their seat is freed and their devices under the firm stop working.`,
                    ) && void run(() => remove.mutateAsync(member.userId), 'The member could not be removed')
                  }
                >
                  Remove
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <FirmSeats firmId={firmId} userId={userId} role={details.role} run={run} />
      {manages && (
        <>
          <h4>Invitations</h4>
          <InviteForm firmId={firmId} run={run} />
          {details.invitations?.length ? (
            <ul className="stack-bottom">
              {details.invitations.map((invitation) => (
                <li key={invitation.id} className="row row-between">
                  <span>
                    {invitation.email} · {invitation.role} · <span className="muted">expires {formatIndianDate(invitation.expiresAt)}</span>
                  </span>
                  <Button
                    variant="secondary"
                    aria-label={`Withdraw the invitation to ${invitation.email}`}
                    onClick={() => void run(() => withdraw.mutateAsync(invitation.id), 'The invitation could not be withdrawn')}
                  >
                    Withdraw
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No invitations pending.</p>
          )}
        </>
      )}
      <div className="row">
        {owns ? (
          <Button
            variant="danger"
            onClick={() =>
              confirmed(`Delete ${details.name}? Its members lose their seats. Invoices are kept.`) &&
              void run(() => deleteFirm.mutateAsync(undefined), 'The firm could not be deleted')
            }
          >
            Delete firm
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={() =>
              confirmed(`Leave ${details.name}?`) && void run(() => remove.mutateAsync(userId), 'You could not leave the firm')
            }
          >
            Leave firm
          </Button>
        )}
      </div>
    </section>
  );
}
