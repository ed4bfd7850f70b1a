import { createHash, randomBytes } from 'node:crypto';
import type { SecurityLog } from '@portal/platform';
import { RESET_MESSAGES } from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import { badRequest, conflict } from '@portal/platform/errors';
import type { AttemptLimit, MailSender, PasswordHasher, UserStore } from '../../shared/ports';
import type { PasswordResetStore } from './ports';

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export interface PasswordResetDeps {
  users: UserStore;
  resets: PasswordResetStore;
  hasher: PasswordHasher;
  /** Every web and desktop session of the person (account-security.use-cases' endEverySession). */
  endSessions: (userId: string) => Promise<unknown>;
  mail: MailSender;
  publicUrl: string;
  limitByEmail: AttemptLimit;
  limitByIp: AttemptLimit;
  onMailError: (error: unknown) => void;
  securityLog: SecurityLog;
}

/** Only the hash of a link's secret is stored, so a leaked database cannot reset passwords. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function passwordResetUseCases(deps: PasswordResetDeps) {
  return {
    /**
     * Answers the same whether or not the account exists, and sends the mail in the background,
     * so neither the answer nor its timing tells an attacker which e-mails have accounts.
     */
    async request(email: string, ip: string): Promise<string> {
      await deps.limitByIp(ip);
      await deps.limitByEmail(email);
      const user = await deps.users.findByEmail(email);
      if (user) {
        const token = randomBytes(32).toString('base64url');
        await deps.resets.create({ tokenHash: hashOf(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS) });
        const link = `${deps.publicUrl}/reset-password?token=${token}`;
        const message = composeMail(
          {
            subject: 'Reset your Tax Practitioner Portal password',
            greeting: `Hello ${user.firstName || 'there'},`,
            paragraphs: [
              'We received a request to reset the password of your Tax Practitioner Portal account.',
              'Open this link within 1 hour to choose a new password:',
            ],
            action: { label: 'Choose a new password', url: link },
            after: ['The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.'],
          },
          { publicUrl: deps.publicUrl },
        );
        deps.mail
          .send({ key: `password-reset:${hashOf(token)}`, kind: 'password-reset', userId: user.id, to: user.email, ...message })
          .catch(deps.onMailError);
      }
      return RESET_MESSAGES.requested;
    },

    /**
     * Whether a link can still be used, before the person types a new password. Not limited: the
     * secret has 256 bits, and looking does not use the link up.
     */
    async check(token: string): Promise<void> {
      const status = await deps.resets.status(hashOf(token), new Date());
      if (status !== 'ok') throw badRequest(RESET_MESSAGES[status]);
    },

    async reset(token: string, newPassword: string, ip: string): Promise<string> {
      await deps.limitByIp(ip);
      const result = await deps.resets.consume(hashOf(token), new Date());
      if (result.status !== 'ok') throw badRequest(RESET_MESSAGES[result.status]);
      const user = await deps.users.findById(result.userId);
      if (!user) throw badRequest(RESET_MESSAGES.unknown);
      const replaced = await deps.users.replacePasswordHash(user.id, user.passwordHash ?? null, await deps.hasher.hash(newPassword));
      if (!replaced) throw conflict(RESET_MESSAGES.changedMeanwhile);
      await deps.endSessions(user.id);
      await deps.securityLog({ kind: 'password-reset', outcome: 'success', subject: { type: 'user', id: user.id, label: user.email } });
      return RESET_MESSAGES.done;
    },
  };
}
