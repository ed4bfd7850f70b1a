import { hasSecondFactor, PARTNER_MESSAGES, TOKEN_AUDIENCE } from '@portal/contracts';
import type { AuthContext, SecurityLog } from '@portal/platform';
import { conflict, forbidden, notFound } from '@portal/platform/errors';
import type { TokenIssuer, UserStore } from '../../shared/ports';
import type { PartnerStaffStore } from './ports';

export interface PartnerStaffDeps {
  staff: PartnerStaffStore;
  users: UserStore;
  tokens: TokenIssuer;
  securityLog: SecurityLog;
  now: () => Date;
}

/**
 * A partner's staff are portal accounts the partners service names; one signed in with a second
 * factor exchanges their own token for a partner token, which the partner area's calls accept.
 */
export function partnerStaffUseCases({ staff, users, tokens, securityLog, now }: PartnerStaffDeps) {
  return {
    async add(email: string, partnerId: string) {
      const user = await users.findByEmail(email);
      if (!user) throw notFound(PARTNER_MESSAGES.noAccount);
      const stored = await staff.add({ userId: user.id, partnerId, email: user.email, addedAt: now() });
      if (stored?.partnerId !== partnerId) throw conflict(PARTNER_MESSAGES.staffElsewhere);
      return { userId: user.id, email: user.email };
    },

    /** Off the staff, and every token they hold ended, so that no partner token outlives the role. */
    async remove(userId: string, partnerId: string) {
      if (!(await staff.remove(userId, partnerId))) throw notFound(PARTNER_MESSAGES.notStaff);
      await tokens.revokeAllFor(userId);
    },

    async session(auth: AuthContext) {
      const member = await staff.find(auth.userId);
      const refuse = async (reason: string, message: string) => {
        await securityLog({
          kind: 'sign-in',
          outcome: 'failure',
          subject: { type: 'partner-staff', id: auth.userId, label: auth.email },
          reason,
        });
        return forbidden(message);
      };
      if (!member) throw await refuse('not-partner-staff', PARTNER_MESSAGES.notStaff);
      if (!hasSecondFactor(auth.methods)) throw await refuse('no-second-factor', PARTNER_MESSAGES.secondFactorRequired);
      const token = tokens.issue(
        { id: auth.userId, email: auth.email, partner: member.partnerId, amr: auth.methods },
        TOKEN_AUDIENCE.partner,
      );
      await securityLog({
        kind: 'sign-in',
        outcome: 'success',
        subject: { type: 'partner-staff', id: auth.userId, label: auth.email },
        details: { partnerId: member.partnerId },
      });
      return { token, partnerId: member.partnerId, email: auth.email };
    },

    deleteForUser: (userId: string) => staff.deleteForUser(userId),
  };
}
