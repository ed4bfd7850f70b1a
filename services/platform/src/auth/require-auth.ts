import { TOKEN_AUDIENCE } from '@portal/contracts';
import { consentRequired, unauthorized } from '../errors/app-errors';
import type { CheckingHandler, RouteParams } from '../http/validate';
import { bearerToken, type AuthContext, type TokenVerifier } from './token-verifier';

/** What a guard leaves for the handlers after it: `res.locals.auth`, typed. */
export type Authenticated = { auth: AuthContext };
type Guard = CheckingHandler<RouteParams, unknown, unknown, Authenticated>;

function requireAudience(
  verify: TokenVerifier,
  audience: (typeof TOKEN_AUDIENCE)['user' | 'admin' | 'desktop'],
  { beforeConsent = false } = {},
): Guard {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized();
    const auth = await verify(token, audience);
    if (auth.consentDue && !beforeConsent) throw consentRequired(auth.consentDue.ageRequired);
    res.locals.auth = auth;
    next();
  };
}

/**
 * A person's call; while they must accept the policies in force, it answers 403 consent_required
 * (issue #47), so that no page, script or old tab can go on without the acceptance.
 */
export const requireUser = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.user, { beforeConsent: false });
/**
 * The few calls a person can make before accepting (docs/behaviour.md §3): reading and accepting
 * the policies, signing out, downloading their data and deleting their account.
 */
export const requireUserBeforeConsent = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.user, { beforeConsent: true });
export const requireAdmin = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.admin);
/**
 * The desktop app's own calls: its tokens are accepted here and nowhere else. They carry no
 * consent claim: the app cannot show a policy, so it points the person to the portal instead
 * (docs/desktop-api.md).
 */
export const requireDesktop = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.desktop);
