import { ADMIN_ROLE_LABELS, type AdminRole } from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import { invitationKey } from '../../shared/invitation-key';
import type { MailSender } from '../../shared/ports';
import { ADMIN_INVITATION_DAYS } from './admin-team.use-cases';

/** The page where an invited admin sets a password; the second factor follows at the first sign-in. */
export const adminInvitationPath = (token: string) => `/admin/invitation?token=${token}`;

export function adminInvitationMail(mail: MailSender, publicUrl: string, onMailError: (error: unknown) => void) {
  return ({ to, role, inviter, token }: { to: string; role: AdminRole; inviter: string; token: string }) => {
    const message = composeMail(
      {
        subject: `${inviter} invited you to administer the Tax Practitioner Portal`,
        greeting: 'Hello,',
        paragraphs: [
          `${inviter} invited you to the portal's admin area as ${ADMIN_ROLE_LABELS[role]}.`,
          `Within ${ADMIN_INVITATION_DAYS} days, set your password. At your first sign-in you will set up an authenticator app (such as Google Authenticator or Microsoft Authenticator) for the codes the admin area asks for.`,
        ],
        action: { label: 'Set your admin password', url: `${publicUrl}${adminInvitationPath(token)}` },
        after: ['If you did not expect this, ignore this e-mail: the invitation lapses by itself.'],
      },
      { publicUrl },
    );
    mail.send({ key: `admin-invitation:${invitationKey(token)}`, kind: 'admin-invitation', to, ...message }).catch(onMailError);
  };
}
