import type { RequestHandler } from 'express';
import { TOKEN_AUDIENCE } from '@portal/contracts';
import { unauthorized } from '../errors/app-errors';
import { bearerToken, type TokenVerifier } from './token-verifier';

function requireAudience(verify: TokenVerifier, audience: (typeof TOKEN_AUDIENCE)['user' | 'admin' | 'desktop']): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized();
    req.auth = await verify(token, audience);
    next();
  };
}

export const requireUser = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.user);
export const requireAdmin = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.admin);
/** The desktop app's own calls: its tokens are accepted here and nowhere else. */
export const requireDesktop = (verify: TokenVerifier) => requireAudience(verify, TOKEN_AUDIENCE.desktop);
