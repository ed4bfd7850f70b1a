import { createInternalClient, createServiceCredential } from '@portal/platform';
import type { DesktopSessionStore } from '../devices';
import type { AuthKit } from '../shared/auth-kit';
import type { UserRecord, UserStore } from '../shared/ports';
import { jwks } from '../shared/security/token-issuer';
import { argon2Hasher, decoyHash } from '../shared/security/password-hasher';
import { createGoogleVerifier } from './clients/google-id-token.verifier';
import { phoneSignInClient } from './clients/phone-sign-in.client';
import { knownDeviceRepository } from './data/known-device.repository';
import { passwordResetRepository } from './data/password-reset.repository';
import { accountSecurityUseCases, endEverySession } from './domain/account-security.use-cases';
import { notMeUseCases } from './domain/not-me.use-cases';
import { passwordResetUseCases } from './domain/password-reset.use-cases';
import { signInAlerts } from './domain/sign-in-alert';
import { signInUseCases, type SignInDeps } from './domain/sign-in.use-cases';
import { accountSecurityRoutes } from './routes/account-security.routes';
import { signInDevice } from './routes/sign-in-device';
import { signInRoutes } from './routes/sign-in.routes';

/**
 * The browsers and PCs a person was seen signing in from, opened before the capabilities whose
 * routes sign people in (sign-up, a second factor, the desktop app): each tells of a new one.
 */
export async function openSignInAlerts(kit: AuthKit) {
  const { mongo, securityLog, mail, settings, mailFailed, clock } = kit;
  const knownDevices = knownDeviceRepository(mongo);
  await knownDevices.ready;
  const alerts = signInAlerts({ knownDevices, securityLog, mail, publicUrl: settings.PUBLIC_URL, onMailError: mailFailed('new sign-in') });
  const seenFrom = signInDevice(alerts, { secure: settings.PUBLIC_URL.startsWith('https:'), now: clock });
  return { knownDevices, alerts, seenFrom };
}

/** What sign-in asks of the capabilities beside it, as ports compose.ts fills. */
export interface SignInPorts {
  users: UserStore;
  welcome: (user: UserRecord) => void;
  secondFactorStep: SignInDeps['secondFactorStep'];
  desktopSessions: DesktopSessionStore;
}

/** Sign-in wires itself: password and Google, the reset, a password change and ending sessions, and "not me". */
export async function wireSignIn(kit: AuthKit, { seenFrom }: Awaited<ReturnType<typeof openSignInAlerts>>, ports: SignInPorts) {
  const { mongo, claims, settings, tokens, loginGuesses, clock, securityLog, mail, audit, mailFailed, verifyToken } = kit;
  const { users, desktopSessions } = ports;
  const resets = passwordResetRepository(mongo, claims);
  await resets.ready;
  const signIn = signInUseCases(
    {
      users,
      hasher: argon2Hasher,
      decoyHash,
      tokens,
      loginGuesses,
      google: settings.GOOGLE_CLIENT_ID
        ? createGoogleVerifier({ clientId: settings.GOOGLE_CLIENT_ID, certsUrl: settings.GOOGLE_CERTS_URL })
        : undefined,
      now: clock,
      welcome: ports.welcome,
      securityLog,
      secondFactorStep: ports.secondFactorStep,
    },
    {
      phones: phoneSignInClient(
        createInternalClient({ baseURL: settings.NOTIFICATIONS_URL, credential: createServiceCredential('auth', settings.SERVICE_SECRET) }),
      ),
      codesByAddress: kit.hourlyLimit('mobile-code:ip', settings.MOBILE_CODES_PER_IP_PER_HOUR),
    },
  );
  const security = accountSecurityUseCases({
    users,
    hasher: argon2Hasher,
    tokens,
    desktopSessions,
    passwordGuesses: loginGuesses,
    mail,
    audit,
    publicUrl: settings.PUBLIC_URL,
    onMailError: mailFailed('password change'),
  });
  const passwordReset = passwordResetUseCases({
    users,
    resets,
    hasher: argon2Hasher,
    endSessions: endEverySession({ tokens, desktopSessions }),
    mail,
    publicUrl: settings.PUBLIC_URL,
    limitByEmail: kit.hourlyLimit('reset:email', settings.RESET_REQUESTS_PER_EMAIL_PER_HOUR),
    limitByIp: kit.hourlyLimit('reset:ip', settings.RESET_REQUESTS_PER_IP_PER_HOUR),
    onMailError: mailFailed('password reset'),
    securityLog,
  });
  const notMe = notMeUseCases({
    users,
    hasher: argon2Hasher,
    endSessions: endEverySession({ tokens, desktopSessions }),
    requestReset: passwordReset.request,
    securityLog,
  });
  return {
    resets,
    security,
    routes: {
      signIn: signInRoutes({ signIn, passwordReset, verifyToken, jwks: jwks(settings.JWT_PUBLIC_KEY), seenFrom }),
      accountSecurity: accountSecurityRoutes(security, notMe, verifyToken),
    },
  };
}
