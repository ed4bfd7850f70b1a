import { useState, type FormEvent } from 'react';
import { INVITABLE_ROLES, type InvitableRole } from '@portal/contracts';
import { Button, SelectField, TextField } from '@portal/ui';
import { useInvite } from '../api';

/** The owner's and firm admins' form: an e-mail and a role; the server says whether a seat is free. */
export function InviteForm({ firmId, run }: { firmId: string; run: (action: () => Promise<string>, failure: string) => Promise<boolean> }) {
  const invite = useInvite(firmId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await run(() => invite.mutateAsync({ email, role }), 'The invitation could not be sent')) setEmail('');
  }

  return (
    <form className="row" onSubmit={(event) => void submit(event)} aria-label="Invite a person">
      <TextField
        label="E-mail of the person to invite"
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <SelectField label="Role" options={INVITABLE_ROLES} value={role} onChange={(event) => setRole(event.target.value as InvitableRole)} />
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}
