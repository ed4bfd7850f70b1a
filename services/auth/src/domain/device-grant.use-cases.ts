import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  DAY_MS,
  DEVICE_MESSAGES,
  FIRM_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  TOKEN_AUDIENCE,
  USER_CODE_ALPHABET,
  type DesktopTokenRequest,
  type DesktopTokenResponse,
  type DeviceCodeResponse,
  type DeviceTokenError,
  type PendingDevice,
} from '@portal/contracts';
import { forbidden, notFound } from '@portal/platform/errors';
import type { SecurityLog } from '@portal/platform';
import type { DesktopSession, DesktopSessionStore, DeviceAuthorizationStore, GuessLimit, TokenIssuer } from './ports';

export interface DeviceGrantDeps {
  devices: DeviceAuthorizationStore;
  sessions: DesktopSessionStore;
  tokens: TokenIssuer;
  /** The approving session did not show the person's second factor: they sign in again with it. */
  secondFactorMissing: (user: { userId: string; methods?: string[] }) => Promise<boolean>;
  /** Whether the person belongs to the firm they chose for the app. */
  isMember: (firmId: string, userId: string) => Promise<boolean>;
  publicUrl: string;
  accessTokenSeconds: number;
  sessionDays: number;
  /** Wrong user codes typed by one user or from one address (RFC 8628 §5.1: the code is short). */
  userCodeGuesses: GuessLimit;
  /** A rotated refresh token came back: the session was ended, and someone should know. */
  onRefreshReuse: (session: DesktopSession) => void;
  /** A desktop session began: the person hears of a desktop not seen before (sign-in-alert.ts). */
  onNewSession: (session: DesktopSession, address: string) => Promise<void>;
  securityLog: SecurityLog;
  now?: () => Date;
}

/** RFC 8628's recommendations: a code lives 10 minutes and the app polls every 5 seconds. */
export const DEVICE_CODE_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;
const DEFAULT_DEVICE_NAME = 'Tax Practitioner desktop app';

const secret = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
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

const newUserCode = () => {
  const letters = Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
};

/** Who typed a user code, for counting wrong ones. */
export interface Guesser {
  userId: string;
  ip: string;
}

/** A poll's or a refresh's refusal, in RFC 6749 §5.2's terms. */
export class DeviceTokenRefusal extends Error {
  constructor(readonly error: DeviceTokenError) {
    super(error);
  }
}

/**
 * The desktop app's sign-in (RFC 8628) and its sessions: a device code for the app, a user code
 * for the person, a confirmation in the signed-in portal, then desktop tokens and a refresh token
 * that is replaced on each use, so the app stays signed in without keeping the password.
 */
export function deviceGrantUseCases(deps: DeviceGrantDeps) {
  const { devices, sessions, tokens } = deps;
  const now = deps.now ?? (() => new Date());

  async function issueTokens(session: DesktopSession, refreshToken: string, reason: string): Promise<DesktopTokenResponse> {
    await deps.securityLog({
      kind: 'token-issued',
      outcome: 'success',
      subject: { type: 'user', id: session.userId, label: session.email },
      reason,
      details: { sessionId: session.id, device: session.deviceName },
    });
    return {
      access_token: tokens.issue(
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
  async function endSession(userId: string, sessionId: string, reason: string): Promise<boolean> {
    if (!(await sessions.revoke(userId, sessionId))) return false;
    await tokens.revokeSession(sessionId, TOKEN_AUDIENCE.desktop);
    await deps.securityLog({
      kind: 'token-revoked',
      outcome: 'success',
      subject: { type: 'user', id: userId },
      reason,
      details: { sessionId },
    });
    return true;
  }
  /** Finds what a typed user code names; each look counts as a guess, and an unknown code is a wrong one. */
  async function guessed<T>(person: Guesser, find: () => Promise<T | null | false>): Promise<T> {
    const outcome: { found?: T } = {};
    const right = await deps.userCodeGuesses.judge(person.ip, person.userId, async () => {
      const found = await find();
      if (found) outcome.found = found;
      return Boolean(found);
    });
    if (!right || !outcome.found) throw notFound(DEVICE_MESSAGES.codeInvalid);
    return outcome.found;
  }
  const sessionEnd = (at: Date) => new Date(at.getTime() + deps.sessionDays * DAY_MS);

  return {
    async start(deviceName: string | undefined): Promise<DeviceCodeResponse> {
      const deviceCode = secret();
      const at = now();
      let userCode = newUserCode();
      // Twenty consonants to the eighth: a clash with a live code is all but impossible, and is redrawn.
      while (await devices.findPending(userCode, at)) userCode = newUserCode();
      await devices.create({
        deviceCodeHash: sha256(deviceCode),
        userCode,
        deviceName: deviceName ?? DEFAULT_DEVICE_NAME,
        intervalSeconds: POLL_INTERVAL_SECONDS,
        expiresAt: new Date(at.getTime() + DEVICE_CODE_SECONDS * 1000),
      });
      return {
        device_code: deviceCode,
        user_code: userCode,
        verification_uri: `${deps.publicUrl}/activate`,
        verification_uri_complete: `${deps.publicUrl}/activate?user_code=${userCode}`,
        expires_in: DEVICE_CODE_SECONDS,
        interval: POLL_INTERVAL_SECONDS,
      };
    },

    /** Which device asks, for the person to recognise before confirming. */
    async pending(userCode: string, person: Guesser): Promise<PendingDevice> {
      const found = await guessed(person, () => devices.findPending(userCode, now()));
      return { userCode: found.userCode, deviceName: found.deviceName, expiresAt: found.expiresAt.toISOString() };
    },

    /**
     * The signed-in person confirms or refuses; a code is decided once, by whoever decides first. A
     * person in a firm may choose whose seat the app works on (`firmId`); only a firm of theirs.
     */
    async decide(
      userCode: string,
      decision: 'approve' | 'deny',
      user: Guesser & { email: string; methods?: string[] },
      firmId?: string,
    ): Promise<string> {
      if (decision === 'approve' && (await deps.secondFactorMissing(user))) throw forbidden(SECOND_FACTOR_MESSAGES.approveWithSecondFactor);
      if (firmId && decision === 'approve' && !(await deps.isMember(firmId, user.userId))) throw notFound(FIRM_MESSAGES.notFound);
      await guessed(user, () =>
        devices.decide(
          userCode,
          now(),
          decision === 'approve'
            ? { status: 'approved', userId: user.userId, email: user.email, firmId: firmId ?? null }
            : { status: 'denied' },
          user.userId,
        ),
      );
      return decision === 'approve' ? DEVICE_MESSAGES.approved : DEVICE_MESSAGES.denied;
    },

    /** `address`: where the app calls from, for the new-desktop e-mail. */
    async token(request: DesktopTokenRequest, address: string): Promise<DesktopTokenResponse> {
      const at = now();
      if (request.grant_type === 'refresh_token') {
        const next = secret();
        const rotation = await sessions.rotate(
          presentedRefresh(request.refresh_token),
          { refreshHash: sha256(next), expiresAt: sessionEnd(at) },
          at,
        );
        if (rotation.kind === 'rotated') return issueTokens(rotation.session, refreshTokenOf(rotation.session, next), 'desktop-refresh');
        // RFC 9700 §4.14.2: the server cannot tell the thief from the app, so the session ends for both
        if (rotation.kind === 'reused') {
          await endSession(rotation.session.userId, rotation.session.id, 'refresh-token-reused');
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
          return issueTokens(session, refreshTokenOf(session, refreshSecret), 'desktop-sign-in');
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
    },

    sessions: (userId: string) => sessions.forUser(userId),

    /** A member leaves or is removed: the app's sessions on that firm's seat end at once. */
    async endFirmSessions(userId: string, firmId: string): Promise<void> {
      for (const session of await sessions.forUser(userId)) {
        if (session.firmId === firmId) await endSession(userId, session.id, 'left-firm');
      }
    },
    async revoke(userId: string, sessionId: string) {
      if (!(await endSession(userId, sessionId, 'signed-out-by-person'))) throw notFound('No desktop session with this id');
    },
  };
}
