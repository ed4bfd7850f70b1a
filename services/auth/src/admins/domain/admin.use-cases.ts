import { TOKEN_AUDIENCE, type SecondFactorStep, type AdminUser } from '@portal/contracts';
import { conflict, forbidden, unauthorized } from '@portal/platform/errors';
import type { AuthContext, SecurityLog } from '@portal/platform';
import type { GuessLimit, PasswordHasher, TokenIssuer } from '../../shared/ports';
import type { PasskeyStore } from '../../second-factors';
import type { AdminStore } from './ports';

export interface AdminDeps {
  admins: AdminStore;
  hasher: PasswordHasher;
  decoyHash: () => Promise<string>;
  tokens: TokenIssuer;
  loginGuesses: GuessLimit;
  signupEnabled: boolean;
  securityLog: SecurityLog;
  passkeys: Pick<PasskeyStore, 'list'>;
}

export const ADMIN_MESSAGES = {
  badCredentials: 'Invalid admin email or password.',
  signupDisabled: 'Admin sign-up is disabled on this portal.',
  emailTaken: 'An admin with this email already exists.',
  created: 'Admin account created successfully! Please sign in.',
} as const;

/**
 * The admin's password step. A right password gives no admin token, only a short challenge for the
 * second factor (admin-second-factor.use-cases.ts), which an admin without one enrols first.
 */
export function adminUseCases({ admins, hasher, decoyHash, tokens, loginGuesses, signupEnabled, securityLog, passkeys }: AdminDeps) {
  return {
    async login(email: string, password: string, ip: string): Promise<SecondFactorStep> {
      const admin = await admins.findByEmail(email);
      const right = await loginGuesses.judge(ip, `admin:${email}`, async () =>
        hasher.verify(admin?.passwordHash ?? (await decoyHash()), password),
      );
      if (!admin || !right) {
        const reason = admin ? 'wrong-password' : 'unknown-account';
        await securityLog({
          kind: 'sign-in',
          outcome: 'failure',
          subject: { type: 'admin', ...(admin ? { id: admin.id } : {}), label: email },
          reason,
        });
        throw unauthorized(ADMIN_MESSAGES.badCredentials);
      }
      return {
        secondFactor: admin.totp ? 'totp' : 'enrol',
        challenge: tokens.issue({ id: admin.id, email: admin.email }, TOKEN_AUDIENCE.adminChallenge),
        passkey: admin.totp !== null && (await passkeys.list(admin.id)).length > 0,
      };
    },

    /**
     * The hidden sign-up mode; off unless the operator turns it on. The first admin of an empty
     * portal is its owner; later ones start read-only, for an owner to promote.
     */
    async signup(email: string, password: string): Promise<{ user: AdminUser; message: string }> {
      if (!signupEnabled) throw forbidden(ADMIN_MESSAGES.signupDisabled);
      if (await admins.findByEmail(email)) throw conflict(ADMIN_MESSAGES.emailTaken);
      const role = (await admins.count()) === 0 ? 'owner' : 'read-only';
      const admin = await admins.create({ email, passwordHash: await hasher.hash(password), role });
      if (!admin) throw conflict(ADMIN_MESSAGES.emailTaken);
      return { user: { email: admin.email, role: admin.role }, message: ADMIN_MESSAGES.created };
    },

    async logout(auth: AuthContext): Promise<void> {
      await tokens.revoke(auth.tokenId, auth.expiresAt);
      await securityLog({
        kind: 'sign-out',
        outcome: 'success',
        subject: { type: 'admin', id: auth.userId, label: auth.email },
        reason: 'token-revoked',
      });
    },

    /** The first admin comes from configuration, once, when there is none; an owner, who enrols a second factor at first sign-in. */
    async bootstrapFirstAdmin(email: string | undefined, password: string | undefined): Promise<string | undefined> {
      if (!email || !password || (await admins.count()) > 0) return undefined;
      const created = await admins.create({ email: email.trim().toLowerCase(), passwordHash: await hasher.hash(password), role: 'owner' });
      return created ? email : undefined; // null: another instance created it first
    },
  };
}
