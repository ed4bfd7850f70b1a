import { SECOND_FACTOR_MESSAGES } from '@portal/contracts';
import type { AuditPublisher, SecurityLog, TokenVerifier } from '@portal/platform';
import { badRequest, unauthorized } from '@portal/platform/errors';
import type { TokenIssuer, UserRecord, UserStore } from '../../shared/ports';
import type { PasskeyProofDeps } from './passkey-proofs';
import type { TotpProofDeps } from './totp-proofs';

export interface UserSecondFactorDeps extends TotpProofDeps, PasskeyProofDeps {
  users: UserStore;
  tokens: TokenIssuer;
  verifyToken: TokenVerifier;
  securityLog: SecurityLog;
  audit: AuditPublisher;
  /** A firm the person belongs to requires a second factor (firm-access). */
  requiredByFirm: (userId: string) => Promise<boolean>;
}

export const subjectOf = (user: { id: string; email: string }) => ({ type: 'user', id: user.id, label: user.email });

/** A second-factor event of the person's, in the security log. */
export const logOutcome = (
  deps: Pick<UserSecondFactorDeps, 'securityLog'>,
  user: UserRecord,
  outcome: 'success' | 'failure',
  reason: string,
) => deps.securityLog({ kind: 'second-factor', outcome, subject: subjectOf(user), reason });

/** A wrong code: 401 inside a sign-in; 400 in a signed-in session, where a 401 would sign the person out. */
export async function refuseProof(
  deps: Pick<UserSecondFactorDeps, 'securityLog'>,
  user: UserRecord,
  reason: string,
  { signedIn = false, message = SECOND_FACTOR_MESSAGES.wrongCode as string } = {},
): Promise<never> {
  await logOutcome(deps, user, 'failure', reason);
  throw (signedIn ? badRequest : unauthorized)(message);
}
