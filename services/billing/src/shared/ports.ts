import type { PersonalInfo } from '@portal/contracts';
import type { Mailer, SingleUseClaims } from '@portal/platform';

export interface UserProfile {
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
  personalInfo: PersonalInfo | null;
}

export interface UserDirectory {
  /** null when auth does not know the user. */
  profile(userId: string): Promise<UserProfile | null>;
}

/** SMTP delivery, as platform's mailer does it; each message is a composeMail text and HTML pair. */
export type MailSender = Pick<Mailer, 'send'>;

/** Serialises check-then-write sequences on one key across instances. */
export type Lock = <T>(key: string, work: () => Promise<T>, options?: { waitMs?: number }) => Promise<T>;

/** Once-only steps (a trial, an order's credit) are claimed in the store, whatever the lock did. */
export type Claims = Pick<SingleUseClaims, 'once'>;
