import { SELF_SERVICE_MESSAGES, TOKEN_AUDIENCE, type AccountDeletionBody, type ChangePasswordAnswer } from '@portal/contracts';
import type { AuthAccountData } from '@portal/contracts/internal';
import type { AuditPublisher, AuthContext } from '@portal/platform';
import { composeMail } from '@portal/platform/mail-layout';
import { badRequest, conflict } from '@portal/platform/errors';
import { signedInPerson } from '../../shared/signed-in-person';
import { toPublicUser } from '../../shared/public-user';
import { userTokenSubject } from '../../shared/token-subject';
import type { DesktopSessionStore } from '../../devices';
import type { GuessLimit, MailSender, PasswordHasher, TokenIssuer, UserRecord, UserStore } from '../../shared/ports';

export interface AccountSecurityDeps {
  users: UserStore;
  hasher: PasswordHasher;
  tokens: TokenIssuer;
  desktopSessions: Pick<DesktopSessionStore, 'deleteForUser' | 'forUser'>;
  /** Wrong current passwords count as failed sign-ins: the same limit guards both. */
  passwordGuesses: GuessLimit;
  mail: MailSender;
  audit: AuditPublisher;
  publicUrl: string;
  onMailError: (error: unknown) => void;
}

/**
 * Every session of the person ends at once: the web's and the desktop app's access tokens, and
 * the desktop sessions' refresh tokens, so the app cannot sign itself in again. Answers the second
 * from which tokens count again.
 */
export function endEverySession(deps: Pick<AccountSecurityDeps, 'tokens' | 'desktopSessions'>) {
  return async (userId: string): Promise<number> => {
    await deps.desktopSessions.deleteForUser(userId);
    return deps.tokens.revokeAllFor(userId);
  };
}

/** The e-mail after a password was changed or set, sent once per change (its key is the change's cut-off). */
async function tellOfPasswordChange(deps: AccountSecurityDeps, user: UserRecord, hadPassword: boolean, validFrom: number) {
  const notice = composeMail(
    {
      subject: hadPassword ? 'Your password was changed' : 'A password was set for your account',
      greeting: `Hello ${user.firstName || 'there'},`,
      paragraphs: [
        hadPassword
          ? 'The password of your Tax Practitioner Portal account was just changed, and every other session was signed out.'
          : 'A password was just set for your Tax Practitioner Portal account; you can now sign in with it as well as with Google.',
      ],
      after: [`If this was not you, reset your password now: ${deps.publicUrl}/forgot-password`],
    },
    deps,
  );
  await deps.mail
    .send({ key: `password-changed:${user.id}:${validFrom}`, kind: 'password-changed', userId: user.id, to: user.email, ...notice })
    .catch(deps.onMailError);
}

/** Profile → Security and Privacy (behaviour.md §3): the password, and the identity check before deletion. */
export function accountSecurityUseCases(deps: AccountSecurityDeps) {
  const endSessions = endEverySession(deps);

  async function assertPassword(user: UserRecord, password: string | undefined, ip: string, missing: string) {
    if (!password) throw badRequest(missing);
    const right = await deps.passwordGuesses.judge(ip, user.email, () => deps.hasher.verify(user.passwordHash!, password));
    // 400, not 401: the session is fine, and a 401 would sign the person out (behaviour.md §8)
    if (!right) throw badRequest(SELF_SERVICE_MESSAGES.currentPasswordWrong);
  }

  return {
    /** Ends every other session; this one goes on with the token answered. */
    async changePassword(
      { userId, methods }: Pick<AuthContext, 'userId' | 'methods'>,
      { currentPassword, newPassword }: { currentPassword?: string; newPassword: string },
      ip: string,
    ): Promise<ChangePasswordAnswer> {
      const user = await signedInPerson(deps.users, userId);
      const hadPassword = Boolean(user.passwordHash);
      if (hadPassword) {
        await assertPassword(user, currentPassword, ip, SELF_SERVICE_MESSAGES.currentPasswordRequired);
        if (currentPassword === newPassword) throw badRequest(SELF_SERVICE_MESSAGES.samePassword);
      }
      const replaced = await deps.users.replacePasswordHash(user.id, user.passwordHash ?? null, await deps.hasher.hash(newPassword));
      if (!replaced) throw conflict(SELF_SERVICE_MESSAGES.changedMeanwhile);
      const validFrom = await endSessions(user.id);
      const token = deps.tokens.issue(userTokenSubject(user, methods), TOKEN_AUDIENCE.user, undefined, validFrom + 1);
      await deps.audit({
        actor: user.email,
        action: hadPassword ? 'user.password-changed' : 'user.password-set',
        target: { type: 'user', id: user.id, label: user.email },
      });
      await tellOfPasswordChange(deps, user, hadPassword, validFrom);
      return { token, message: hadPassword ? SELF_SERVICE_MESSAGES.passwordChanged : SELF_SERVICE_MESSAGES.passwordSet };
    },

    /** What auth holds of the person, for their download (admin-reporting joins the parts and audits it). */
    async accountData(
      userId: string,
      firmsOf: (userId: string) => Promise<AuthAccountData['firms']>,
    ): Promise<Omit<AuthAccountData, 'apiKeys'>> {
      const user = await signedInPerson(deps.users, userId);
      const { consent: _latest, ...profile } = toPublicUser(user);
      const [sessions, firms] = await Promise.all([deps.desktopSessions.forUser(userId), firmsOf(userId)]);
      return {
        firms,
        profile,
        consents: user.consents.map(({ acceptedAt, ...versions }) => ({ ...versions, acceptedAt: acceptedAt.toISOString() })),
        desktopSessions: sessions.map(({ deviceName, createdAt, lastUsedAt }) => ({
          deviceName,
          createdAt: createdAt.toISOString(),
          lastUsedAt: lastUsedAt.toISOString(),
        })),
      };
    },

    /** Before the account is deleted: its password, or, without one, the e-mail typed out. */
    async confirmDeletion(userId: string, { password, email }: AccountDeletionBody, ip: string): Promise<void> {
      const user = await signedInPerson(deps.users, userId);
      if (user.passwordHash) return assertPassword(user, password, ip, SELF_SERVICE_MESSAGES.confirmWithPassword);
      if (email !== user.email) throw badRequest(SELF_SERVICE_MESSAGES.confirmWithEmail);
    },
  };
}
