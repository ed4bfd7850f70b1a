import { randomInt } from 'node:crypto';
import {
  DEVICE_MESSAGES,
  FIRM_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  USER_CODE_ALPHABET,
  type DeviceCodeResponse,
  type PendingDevice,
} from '@portal/contracts';
import { forbidden, notFound } from '@portal/platform/errors';
import { desktopSessionUseCases, secret, sha256 } from './desktop-session.use-cases';
import type { DeviceGrantDeps } from './ports';

/** RFC 8628's recommendations: a code lives 10 minutes and the app polls every 5 seconds. */
export const DEVICE_CODE_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;
const DEFAULT_DEVICE_NAME = 'Tax Practitioner desktop app';

const newUserCode = () => {
  const letters = Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
};

/** Who typed a user code, for counting wrong ones. */
export interface Guesser {
  userId: string;
  ip: string;
}

/**
 * The desktop app's sign-in (RFC 8628) and its sessions: a device code for the app, a user code
 * for the person, a confirmation in the signed-in portal, then desktop tokens and a refresh token
 * that is replaced on each use, so the app stays signed in without keeping the password.
 */
export function deviceGrantUseCases(deps: DeviceGrantDeps) {
  const { devices } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    ...desktopSessionUseCases(deps),

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
      const found = await guessed(deps, person, () => devices.findPending(userCode, now()));
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
      await guessed(deps, user, () =>
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
  };
}

/** Finds what a typed user code names; each look counts as a guess, and an unknown code is a wrong one. */
async function guessed<T>(
  deps: Pick<DeviceGrantDeps, 'userCodeGuesses'>,
  person: Guesser,
  find: () => Promise<T | null | false>,
): Promise<T> {
  const outcome: { found?: T } = {};
  const right = await deps.userCodeGuesses.judge(person.ip, person.userId, async () => {
    const found = await find();
    if (found) outcome.found = found;
    return Boolean(found);
  });
  if (!right || !outcome.found) throw notFound(DEVICE_MESSAGES.codeInvalid);
  return outcome.found;
}
