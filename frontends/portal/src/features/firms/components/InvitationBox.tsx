import { formatIndianDate } from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner } from '@portal/ui';
import { useAcceptInvitation, useInvitationPreview } from '../api';
import { useFirmMessage } from './firm-message';

/** The e-mailed link's invitation (`?invitation=…`): who invites, to which firm, and Accept. */
export function InvitationBox({ token, onJoined }: { token: string; onJoined: () => void }) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const { message, banner, run } = useFirmMessage();

  if (preview.isPending) return <Spinner />;
  if (preview.isError) return <Banner kind="error">{errorMessage(preview.error, 'This invitation link is not valid.')}</Banner>;
  const { firmName, email, role, invitedBy, expiresAt } = preview.data;
  return (
    <section className="card" aria-label="Invitation">
      <p>
        {invitedBy} invited {email} to join <strong>{firmName}</strong> as {role === 'admin' ? 'an admin' : 'a member'}. The invitation is
        open until {formatIndianDate(expiresAt)}.
      </p>
      {banner}
      {message?.kind !== 'success' && (
        <Button
          disabled={accept.isPending}
          onClick={() =>
            void run(() => accept.mutateAsync(token), 'The invitation could not be accepted').then((joined) => joined && onJoined())
          }
        >
          {accept.isPending ? 'Joining...' : `Join ${firmName}`}
        </Button>
      )}
    </section>
  );
}
