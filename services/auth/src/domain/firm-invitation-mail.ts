import { FIRM_INVITATION_DAYS } from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import type { MailSender } from './ports';

/** The invitation's e-mail: who invites, to which firm, and the link that accepts it. */
export function firmInvitationMail(mail: MailSender, publicUrl: string, onMailError: (error: unknown) => void) {
  return ({ to, firmName, inviter, token }: { to: string; firmName: string; inviter: string; token: string }) => {
    const message = composeMail(
      {
        subject: `${inviter} invited you to ${firmName} on the Tax Practitioner Portal`,
        greeting: 'Hello,',
        paragraphs: [
          `${inviter} invited you to join ${firmName} on the Tax Practitioner Portal, to use the desktop app on one of the firm's seats.`,
          `Open this link within ${FIRM_INVITATION_DAYS} days, then sign in or create an account with this e-mail address to accept:`,
        ],
        action: { label: `Join ${firmName}`, url: `${publicUrl}/profile?tab=firms&invitation=${token}` },
        after: ['If you did not expect this, ignore this e-mail: nothing changes unless you accept.'],
      },
      { publicUrl },
    );
    mail.send({ to, ...message }).catch(onMailError);
  };
}
