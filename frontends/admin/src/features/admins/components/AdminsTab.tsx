import { useState, type FormEvent } from 'react';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminListEntry, type AdminRole } from '@portal/contracts';
import { Banner, Button, errorMessage, TextField } from '@portal/ui';
import { ScrollArea } from '@portal/ui/scroll-area';
import { readAdminSession } from '../../../admin-session';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { useAdmins, useChangeAdminRole, useInviteAdmin, useRemoveAdmin, useResetSecondFactor } from '../api';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

function RoleSelect({
  id,
  value,
  label,
  onChange,
}: {
  id?: string;
  value: AdminRole;
  label?: string;
  onChange: (role: AdminRole) => void;
}) {
  return (
    <select id={id} className="input" aria-label={label} value={value} onChange={(e) => onChange(e.target.value as AdminRole)}>
      {ADMIN_ROLES.map((role) => (
        <option key={role} value={role}>
          {ADMIN_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function InviteForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('support');
  const inviting = useInviteAdmin();
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      onOutcome({ kind: 'success', text: (await inviting.mutateAsync({ email, role })).message });
      setEmail('');
    } catch (failure) {
      onOutcome({ kind: 'error', text: errorMessage(failure, 'The invitation could not be sent') });
    }
  }
  return (
    <form className="row" onSubmit={submit} aria-label="Invite an admin">
      <TextField label="Invite by email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <div className="field">
        <label htmlFor="invite-role">Role</label>
        <RoleSelect id="invite-role" value={role} onChange={setRole} />
      </div>
      <Button type="submit" disabled={inviting.isPending}>
        Send invitation
      </Button>
    </form>
  );
}

function AdminRow({ admin, self, onOutcome }: { admin: AdminListEntry; self: boolean; onOutcome: (outcome: Outcome) => void }) {
  const changing = useChangeAdminRole();
  const removing = useRemoveAdmin();
  const resetting = useResetSecondFactor();
  const run = async (work: () => Promise<{ message: string }>) => {
    try {
      onOutcome({ kind: 'success', text: (await work()).message });
    } catch (failure) {
      onOutcome({ kind: 'error', text: errorMessage(failure, 'The change could not be made') });
    }
  };
  return (
    <tr>
      <td>
        <bdi>{admin.email}</bdi> {self && <span className="badge">You</span>}
      </td>
      <td>
        {self ? (
          ADMIN_ROLE_LABELS[admin.role]
        ) : (
          <RoleSelect
            label={`Role of ${admin.email}`}
            value={admin.role}
            onChange={(role) => void run(() => changing.mutateAsync({ id: admin.id, role }))}
          />
        )}
      </td>
      <td>{admin.state === 'invited' ? 'Invited' : admin.secondFactor ? 'Authenticator set up' : 'No authenticator yet'}</td>
      <td>{day(admin.createdAt)}</td>
      <td>
        {!self && (
          <div className="row">
            {admin.secondFactor && (
              <Button
                variant="link"
                aria-label={`Reset the authenticator of ${admin.email}`}
                onClick={() => void run(() => resetting.mutateAsync(admin.id))}
              >
                Reset authenticator
              </Button>
            )}
            <Button
              variant="link"
              aria-label={`Remove ${admin.email}`}
              onClick={() => window.confirm(`Remove ${admin.email} from the admins?`) && void run(() => removing.mutateAsync(admin.id))}
            >
              Remove
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

/** The owners' tab: who administers the portal, in which role, and invitations. */
export function AdminsTab() {
  const admins = useAdmins();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const me = readAdminSession()?.email;
  return (
    <section aria-label="Admins">
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      <InviteForm onOutcome={setOutcome} />
      <ScrollArea label="Admins">
        <table className="table">
          <HeaderRow columns={['Admin', 'Role', 'Second factor', 'Since', 'Actions']} />
          <tbody>
            {(admins.data ?? []).map((admin) => (
              <AdminRow key={admin.id} admin={admin} self={admin.email === me} onOutcome={setOutcome} />
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}
