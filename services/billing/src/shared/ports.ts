import type { PersonalInfo } from '@portal/contracts';
import type { SingleUseClaims } from '@portal/platform';

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

export interface MailSender {
  send(message: {
    to: string;
    subject: string;
    text: string;
    attachments?: { filename: string; content: Buffer; contentType: string }[];
  }): Promise<void>;
}

/** Serialises check-then-write sequences on one key across instances. */
export type Lock = <T>(key: string, work: () => Promise<T>, options?: { waitMs?: number }) => Promise<T>;

/** Once-only steps (a trial, an order's credit) are claimed in the store, whatever the lock did. */
export type Claims = Pick<SingleUseClaims, 'once'>;
