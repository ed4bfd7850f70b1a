import { composeMail } from '@portal/platform/mail-layout';
import type { MailSender, UserRecord } from '../../shared/ports';

/** The first e-mail of a new account: what to do next, each a link to the portal. */
export function welcomeMail(mail: MailSender, publicUrl: string, onMailError: (error: unknown) => void) {
  return (user: Pick<UserRecord, 'id' | 'email' | 'firstName'>) => {
    const message = composeMail(
      {
        subject: 'Welcome to the Tax Practitioner Portal',
        greeting: `Hello ${user.firstName || 'there'},`,
        paragraphs: [
          'Your account is ready. Start your free 30-day trial, download the desktop app for Windows, and sign it in with this account.',
          `Plans and prices: ${publicUrl}/pricing`,
        ],
        action: { label: 'Go to your dashboard', url: `${publicUrl}/dashboard` },
        after: [`Questions? ${publicUrl}/contact`],
      },
      { publicUrl },
    );
    mail.send({ key: `welcome:${user.id}`, kind: 'welcome', userId: user.id, to: user.email, ...message }).catch(onMailError);
  };
}
