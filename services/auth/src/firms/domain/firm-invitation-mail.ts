import { FIRM_INVITATION_DAYS } from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import { invitationKey } from '../../shared/invitation-key';
import type { MailSender } from '../../shared/ports';

/** Where an invitation is accepted: the profile's Firms tab, which opens with the invitation. */
export const invitationPath = (token: string) => `/profile?tab=firms&invitation=${token}`;

/**
 * The invitation's e-mail: who invites, to which firm, and the link that accepts it. The link signs
 * the person in (an account with this address exists) or up (none does) and comes back to the
 * invitation, since the portal sends a signed-out visit to a signed-in page to the landing page.
 */
export function firmInvitationMail(mail: MailSender, publicUrl: string, onMailError: (error: unknown) => void) {
  return ({
    to,
    firmName,
    inviter,
    token,
    hasAccount,
  }: {
    to: string;
    firmName: string;
    inviter: string;
    token: string;
    hasAccount: boolean;
  }) => {
    const next = encodeURIComponent(invitationPath(token));
    const message = composeMail(
      {
        subject: `${inviter} invited you to ${firmName} on the Tax Practitioner Portal`,
        greeting: 'Hello,',
        paragraphs: [
          `${inviter} invited you to join ${firmName} on the Tax Practitioner Portal, to use the desktop app on one of the firm's seats.`,
          hasAccount
            ? `Within ${FIRM_INVITATION_DAYS} days, log in with this e-mail address and accept:`
            : `Within ${FIRM_INVITATION_DAYS} days, create your account with this e-mail address and accept:`,
        ],
        action: hasAccount
          ? { label: `Log in and join ${firmName}`, url: `${publicUrl}/login?next=${next}` }
          : { label: `Create your account and join ${firmName}`, url: `${publicUrl}/signup?next=${next}` },
        after: [
          `Already signed in on this browser? Open ${publicUrl}${invitationPath(token)}`,
          'If you did not expect this, ignore this e-mail: nothing changes unless you accept.',
        ],
      },
      { publicUrl },
    );
    mail.send({ key: `firm-invitation:${invitationKey(token)}`, kind: 'firm-invitation', to, ...message }).catch(onMailError);
  };
}
