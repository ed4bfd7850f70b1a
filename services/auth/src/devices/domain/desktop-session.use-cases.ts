import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS, TOKEN_AUDIENCE, type DesktopTokenRequest, type DesktopTokenResponse, type DeviceTokenError } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { DesktopSession, DeviceGrantDeps } from './ports';

export const secret = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/**
 * A refresh token names its session, then holds the secret whose hash the session keeps, so that a
 * token that was already swapped is recognised (and its session ended) rather than just refused.
 */
const SESSION_REFRESH_TOKEN = /^([a-f0-9]{24})\.([A-Za-z0-9_-]{43})$/;
const refreshTokenOf = (session: DesktopSession, refreshSecret: string) => `${session.id}.${refreshSecret}`;
function presentedRefresh(token: string): { sessionId?: string; refreshHash: string } {
  const [, sessionId, refreshSecret] = SESSION_REFRESH_TOKEN.exec(token) ?? [];
  // tokens issued before they named their session are the bare secret
  return sessionId && refreshSecret ? { sessionId, refreshHash: sha256(refreshSecret) } : { refreshHash: sha256(token) };
}

/** A poll's or a refresh's refusal, in RFC 6749 §5.2's terms. */
export class DeviceTokenRefusal extends Error {
  constructor(readonly error: DeviceTokenError) {
    super(error);
  }
}

/**
 * The desktop app's sessions once a sign-in was approved: desktop tokens for the approved device
 * code, then a refresh token that is replaced on each use, so the app stays signed in without
 * keeping the password; a person or a firm's change ends them.
 */
export function desktopSessionUseCases(deps: DeviceGrantDeps) {
  const { sessions } = deps;
  return {
    /** `address`: where the app calls from, for the new-desktop e-mail. */
    token: (request: DesktopTokenRequest, address: string) => exchange(deps, request, address),

    sessions: (userId: string) => sessions.forUser(userId),

    /** A member leaves or is removed: the app's sessions on that firm's seat end at once. */
    async endFirmSessions(userId: string, firmId: string): Promise<void> {
      for (const session of await sessions.forUser(userId)) {
        if (session.firmId === firmId) await endSession(deps, userId, session.id, 'left-firm');
      }
    },
    async revoke(userId: string, sessionId: string) {
      if (!(await endSession(deps, userId, sessionId, 'signed-out-by-person'))) throw notFound('No desktop session with this id');
    },
  };
}

/** `address`: where the app calls from, for the new-desktop e-mail. */
async function exchange(deps: DeviceGrantDeps, request: DesktopTokenRequest, address: string): Promise<DesktopTokenResponse> {
  const { devices, sessions } = deps;
  const sessionEnd = (at: Date) => new Date(at.getTime() + deps.sessionDays * DAY_MS);
  const at = (deps.now ?? (() => new Date()))();
  if (request.grant_type === 'refresh_token') {
    const next = secret();
    const rotation = await sessions.rotate(
      presentedRefresh(request.refresh_token),
      { refreshHash: sha256(next), expiresAt: sessionEnd(at) },
      at,
    );
    if (rotation.kind === 'rotated') return issueTokens(deps, rotation.session, refreshTokenOf(rotation.session, next), 'desktop-refresh');
    // RFC 9700 §4.14.2: the server cannot tell the thief from the app, so the session ends for both
    if (rotation.kind === 'reused') {
      await endSession(deps, rotation.session.userId, rotation.session.id, 'refresh-token-reused');
      deps.onRefreshReuse(rotation.session);
    }
    throw new DeviceTokenRefusal('invalid_grant');
  }
  const outcome = await devices.poll(sha256(request.device_code), at);
  switch (outcome.kind) {
    case 'approved': {
      const refreshSecret = secret();
      const session = await sessions.create({ ...outcome, refreshHash: sha256(refreshSecret), expiresAt: sessionEnd(at), now: at });
      await deps.onNewSession(session, address);
      return issueTokens(deps, session, refreshTokenOf(session, refreshSecret), 'desktop-sign-in');
    }
    case 'pending':
      throw new DeviceTokenRefusal('authorization_pending');
    case 'slow_down':
      throw new DeviceTokenRefusal('slow_down');
    case 'denied':
      throw new DeviceTokenRefusal('access_denied');
    case 'expired':
      throw new DeviceTokenRefusal('expired_token');
    default:
      throw new DeviceTokenRefusal('invalid_grant');
  }
}

async function issueTokens(
  deps: DeviceGrantDeps,
  session: DesktopSession,
  refreshToken: string,
  reason: string,
): Promise<DesktopTokenResponse> {
  await deps.securityLog({
    kind: 'token-issued',
    outcome: 'success',
    subject: { type: 'user', id: session.userId, label: session.email },
    reason,
    details: { sessionId: session.id, device: session.deviceName },
  });
  return {
    access_token: deps.tokens.issue(
      { id: session.userId, email: session.email, ...(session.firmId ? { firm: session.firmId } : {}) },
      TOKEN_AUDIENCE.desktop,
      session.id,
    ),
    token_type: 'Bearer',
    expires_in: deps.accessTokenSeconds,
    refresh_token: refreshToken,
  };
}
/** The session's refresh token and its access tokens stop working at once. */
async function endSession(
  { sessions, tokens, securityLog }: DeviceGrantDeps,
  userId: string,
  sessionId: string,
  reason: string,
): Promise<boolean> {
  if (!(await sessions.revoke(userId, sessionId))) return false;
  await tokens.revokeSession(sessionId, TOKEN_AUDIENCE.desktop);
  await securityLog({
    kind: 'token-revoked',
    outcome: 'success',
    subject: { type: 'user', id: userId },
    reason,
    details: { sessionId },
  });
  return true;
}
