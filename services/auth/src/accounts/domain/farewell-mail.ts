import { composeMail } from '@portal/platform/mail-layout';
import type { MailSender, UserRecord } from '../../shared/ports';

/** The last e-mail to a person who deleted their account: what went, and what the law keeps. */
export function farewellMail(mail: MailSender, publicUrl: string, onMailError: (error: unknown) => void) {
  return (user: UserRecord) => {
    const message = composeMail(
      {
        subject: 'Your Tax Practitioner Portal account has been deleted',
        greeting: `Hello ${user.firstName || 'there'},`,
        paragraphs: [
          'As you asked, your Tax Practitioner Portal account has been deleted: your profile, devices, sessions and feedback are gone, and every session on the web and in the desktop app has been signed out.',
          'The payments and GST invoices of your purchases are kept, without your contact details, for as long as GST law requires.',
        ],
        after: ['This is the last e-mail we send you. Thank you for using the Tax Practitioner Portal.'],
      },
      { publicUrl },
    );
    mail.send({ key: `account-deleted:${user.id}`, kind: 'account-deleted', to: user.email, ...message }).catch(onMailError);
  };
}
