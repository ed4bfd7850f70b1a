import { DEVICE_MESSAGES } from '@portal/contracts';
import type { AuthKit } from '../shared/auth-kit';
import { createGuessLimit } from '../shared/security/guess-limit';
import { desktopSessionRepository } from './data/desktop-session.repository';
import { deviceAuthorizationRepository } from './data/device-authorization.repository';
import { deviceGrantUseCases } from './domain/device-grant.use-cases';
import type { DeviceGrantDeps } from './domain/ports';
import { deviceRoutes } from './routes/device.routes';

/** The desktop app's pending sign-ins and its sessions, opened before sign-in, which ends the sessions. */
export async function openDeviceStores({ mongo, claims }: AuthKit) {
  const devices = deviceAuthorizationRepository(mongo, claims);
  const desktopSessions = desktopSessionRepository(mongo, claims);
  await Promise.all([devices.ready, desktopSessions.ready]);
  return { devices, desktopSessions };
}

/** What the device sign-in asks of the capabilities above it, as ports compose.ts fills. */
export type DevicePorts = Pick<DeviceGrantDeps, 'secondFactorMissing' | 'isMember' | 'onNewSession'> & {
  /** Whether the person must accept the policies in force: the app cannot show them, so it points to the portal. */
  consentRequired: (userId: string) => Promise<boolean>;
};

/** The desktop app's device sign-in (RFC 8628) wires itself: the grant, its sessions and its routes. */
export function wireDevices(kit: AuthKit, { devices, desktopSessions }: Awaited<ReturnType<typeof openDeviceStores>>, ports: DevicePorts) {
  const { settings, redis, prefix, tokens, securityLog, logger, verifyToken, now } = kit;
  const deviceGrant = deviceGrantUseCases({
    devices,
    sessions: desktopSessions,
    tokens,
    secondFactorMissing: ports.secondFactorMissing,
    isMember: ports.isMember,
    publicUrl: settings.PUBLIC_URL,
    accessTokenSeconds: settings.DESKTOP_TOKEN_TTL_SECONDS,
    sessionDays: settings.DESKTOP_SESSION_DAYS,
    userCodeGuesses: createGuessLimit({
      redis,
      prefix,
      name: 'user-code-fail',
      subject: 'user',
      maxPerSubject: settings.USER_CODE_MAX_FAILURES_PER_USER,
      maxPerIp: settings.USER_CODE_MAX_FAILURES_PER_IP,
      windowSeconds: 15 * 60,
      message: DEVICE_MESSAGES.tooManyGuesses,
    }),
    securityLog,
    onNewSession: ports.onNewSession,
    onRefreshReuse: (session) =>
      logger.warn(
        { alert: 'refresh_token_reuse', userId: session.userId, sessionId: session.id },
        'a rotated refresh token was used again; its desktop session was ended',
      ),
    now,
  });
  return { deviceGrant, routes: { device: deviceRoutes(deviceGrant, verifyToken, ports.consentRequired, settings.PUBLIC_URL) } };
}
