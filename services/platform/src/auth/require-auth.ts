import {
  ADMIN_ACCESS_MESSAGES,
  PARTNER_MESSAGES,
  hasSecondFactor,
  adminMay,
  isAdminRole,
  TOKEN_AUDIENCE,
  type AdminAction,
  type ApiKeyScope,
} from '@portal/contracts';
import { consentRequired, forbidden, unauthorized } from '../errors/app-errors';
import type { CheckingHandler, RouteParams } from '../http/validate';
import { isApiKey, type ApiKeyVerifier } from './api-key-verifier';
import { bearerToken, type AuthContext, type TokenVerifier } from './token-verifier';

/** What a guard leaves for the handlers after it: `res.locals.auth`, typed. */
export type Authenticated = { auth: AuthContext };
type Guard = CheckingHandler<RouteParams, unknown, unknown, Authenticated>;

type GuardedAudience = (typeof TOKEN_AUDIENCE)['user' | 'admin' | 'desktop' | 'partner'];

async function authenticate(verify: TokenVerifier, authorization: string | undefined, audience: GuardedAudience, beforeConsent: boolean) {
  const token = bearerToken(authorization);
  if (!token) throw unauthorized();
  const auth = await verify(token, audience);
  if (auth.consentDue && !beforeConsent) throw consentRequired(auth.consentDue.ageRequired);
  return auth;
}

function requireAudience(verify: TokenVerifier, audience: GuardedAudience, { beforeConsent = false } = {}): Guard {
  return async (req, res, next) => {
    res.locals.auth = await authenticate(verify, req.headers.authorization, audience, beforeConsent);
    next();
  };
}

/**
 * A person's call; while they must accept the policies in force, it answers 403 consent_required,
 * so that no page, script or old tab can go on without the acceptance.
 */
export const requireUser = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.user, { beforeConsent: false });
/**
 * A read call that a read-only API key with `scope` may make for its owner, as their token would;
 * any other bearer is checked as a person's token.
 */
export function requireUserOrApiKey(verify: TokenVerifier, verifyApiKey: ApiKeyVerifier, scope: ApiKeyScope): Guard {
  const user = requireUser(verify);
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token || !isApiKey(token)) return user(req, res, next);
    res.locals.auth = await verifyApiKey(token, scope);
    next();
  };
}
/**
 * The few calls a person can make before accepting (docs/behaviour.md §3): reading and accepting
 * the policies, signing out, downloading their data and deleting their account.
 */
export const requireUserBeforeConsent = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.user, { beforeConsent: true });
/**
 * An admin's call for one action: the token must show a second factor, and the admin's
 * role must allow the action, else 403. Every admin route names its action, so a new one cannot
 * forget the roles.
 */
export function requireAdmin(verify: TokenVerifier, action: AdminAction): Guard {
  return async (req, res, next) => {
    const auth = await authenticate(verify, req.headers.authorization, TOKEN_AUDIENCE.admin, false);
    const { role, methods } = auth;
    if (!hasSecondFactor(methods)) {
      throw unauthorized(ADMIN_ACCESS_MESSAGES.secondFactorRequired);
    }
    if (!isAdminRole(role) || !adminMay(role, action)) throw forbidden(ADMIN_ACCESS_MESSAGES.roleRefused);
    res.locals.auth = auth;
    next();
  };
}
/**
 * The desktop app's own calls: its tokens are accepted here and nowhere else. They carry no
 * consent claim: the app cannot show a policy, so it points the person to the portal instead
 * (docs/desktop-api.md).
 */
export const requireDesktop = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.desktop);

/**
 * A partner's staff member's call: a partner token (never a person's own), issued after a second
 * factor, naming the partner; whether that partner is active is the partners service's to say.
 */
export function requirePartner(verify: TokenVerifier): Guard {
  return async (req, res, next) => {
    const auth = await authenticate(verify, req.headers.authorization, TOKEN_AUDIENCE.partner, true);
    if (!hasSecondFactor(auth.methods) || !auth.partnerId) throw unauthorized(PARTNER_MESSAGES.secondFactorRequired);
    res.locals.auth = auth;
    next();
  };
}
