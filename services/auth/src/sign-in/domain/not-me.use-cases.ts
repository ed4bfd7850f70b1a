import { randomBytes } from 'node:crypto';
import { OWN_SIGN_IN_MESSAGES } from '@portal/contracts';
import type { SecurityLog } from '@portal/platform';
import { unauthorized } from '@portal/platform/errors';
import { ACCOUNT_MESSAGES } from '../../shared/account-messages';
import type { PasswordHasher, UserStore } from '../../shared/ports';

export interface NotMeDeps {
  users: UserStore;
  hasher: PasswordHasher;
  /** Every web and desktop session of the person (account-security.use-cases' endEverySession). */
  endSessions: (userId: string) => Promise<unknown>;
  /** The forgot-password flow's link, with its limits. */
  requestReset: (email: string, ip: string) => Promise<unknown>;
  securityLog: SecurityLog;
}

/**
 * "This wasn't me" beside a sign-in the person does not recognise: the reset link is sent first
 * (a refusal by its limits changes nothing), then the password stops working, being replaced by
 * one nobody knows, and every session ends, this one too. The link sets the new password.
 */
export function notMeUseCases({ users, hasher, endSessions, requestReset, securityLog }: NotMeDeps) {
  return async (userId: string, ip: string): Promise<string> => {
    const user = await users.findById(userId);
    if (!user) throw unauthorized(ACCOUNT_MESSAGES.accountGone);
    await requestReset(user.email, ip);
    if (user.passwordHash)
      await users.replacePasswordHash(user.id, user.passwordHash, await hasher.hash(randomBytes(32).toString('base64url')));
    await endSessions(user.id);
    await securityLog({
      kind: 'account-change',
      outcome: 'success',
      subject: { type: 'user', id: user.id, label: user.email },
      reason: 'not-me',
    });
    return user.passwordHash ? OWN_SIGN_IN_MESSAGES.notMe : OWN_SIGN_IN_MESSAGES.notMeWithGoogle;
  };
}
