import { TOKEN_AUDIENCE } from '@portal/contracts';
import { unauthorized } from '../errors/app-errors';
import type { CheckingHandler, RouteParams } from '../http/validate';
import { bearerToken, type AuthContext, type TokenVerifier } from './token-verifier';

/** What a guard leaves for the handlers after it: `res.locals.auth`, typed. */
export type Authenticated = { auth: AuthContext };
type Guard = CheckingHandler<RouteParams, unknown, unknown, Authenticated>;

function requireAudience(verify: TokenVerifier, audience: (typeof TOKEN_AUDIENCE)['user' | 'admin' | 'desktop']): Guard {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized();
    res.locals.auth = await verify(token, audience);
    next();
  };
}

export const requireUser = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.user);
export const requireAdmin = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.admin);
/** The desktop app's own calls: its tokens are accepted here and nowhere else. */
export const requireDesktop = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.desktop);
