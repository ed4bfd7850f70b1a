import type { AdminRole } from '@portal/contracts';
import type { SecondFactorState, SecondFactorStore } from '../../shared/ports';

/** What the admins' rules need from the outside world: their store. */

export interface AdminRecord extends SecondFactorState {
  id: string;
  email: string;
  /** Null while invited: the invitee sets it. */
  passwordHash: string | null;
  role: AdminRole;
  createdAt: Date;
}

export interface AdminStore extends SecondFactorStore {
  count(): Promise<number>;
  countOwners(): Promise<number>;
  findByEmail(email: string): Promise<AdminRecord | null>;
  findById(id: string): Promise<AdminRecord | null>;
  list(): Promise<AdminRecord[]>;
  /** The new admin, or null when the e-mail is taken. */
  create(admin: { email: string; passwordHash: string; role: AdminRole }): Promise<AdminRecord | null>;
  /** An invited admin without a password, or null when the e-mail is taken. */
  invite(admin: { email: string; role: AdminRole; tokenHash: string; expiresAt: Date }): Promise<AdminRecord | null>;
  /** Sets the password of the invitation's admin, once; null when the link is unknown, used or expired. */
  acceptInvitation(tokenHash: string, passwordHash: string, now: Date): Promise<AdminRecord | null>;
  setRole(id: string, role: AdminRole): Promise<void>;
  remove(id: string): Promise<boolean>;
}
