import { randomBytes } from 'node:crypto';
import { parseCookie } from 'cookie';
import { userAgentOf } from '@portal/platform';
import type { signInAlerts } from '../domain/sign-in-alert';
import { clientIp } from '../../shared/routes/client-ip';
import type { SeenFrom } from '../../shared/routes/seen-from';

const DEVICE_COOKIE = 'portal_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
const FOUR_HUNDRED_DAYS_MS = 400 * 24 * 3600_000; // the longest a browser keeps a cookie (RFC 6265bis)

/**
 * After a sign-in or sign-up: the browser's device cookie (made now if it had none) is kept for
 * the new-device e-mail, and sent back. It is readable by auth's own paths only, never by scripts.
 */
export function signInDevice(alerts: ReturnType<typeof signInAlerts>, { secure, now }: { secure: boolean; now: () => Date }): SeenFrom {
  return async (req, res, user) => {
    const presented = parseCookie(req.headers.cookie ?? '')[DEVICE_COOKIE];
    const deviceId = presented && DEVICE_ID.test(presented) ? presented : randomBytes(32).toString('base64url');
    await alerts(
      { id: user._id, email: user.email, firstName: user.firstName },
      { deviceId, userAgent: userAgentOf(req), address: clientIp(req) },
      now(),
    );
    res.cookie(DEVICE_COOKIE, deviceId, { httpOnly: true, sameSite: 'lax', secure, path: '/api/auth', maxAge: FOUR_HUNDRED_DAYS_MS });
  };
}
