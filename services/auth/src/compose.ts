import type { Express } from 'express';
import { SECOND_FACTOR_MESSAGES, DEVICE_MESSAGES, EVENT_QUEUES, formatWait, TOKEN_AUDIENCE } from '@portal/contracts';
import {
  connectInfrastructure,
  createAttemptLimit,
  createAuditPublisher,
  createSecurityLog,
  createEventPublisher,
  openMessageOutbox,
  createServiceApp,
  mongoReadiness,
  redisReadiness,
  revisionCounter,
  singleUseClaims,
  withRedisLock,
  type ServiceRuntime,
} from '@portal/platform';
import { createGoogleVerifier } from './sign-in/clients/google-id-token.verifier';
import type { Config } from './config';
import { adminRepository } from './admins/data/admin.repository';
import { desktopSessionRepository } from './devices/data/desktop-session.repository';
import { deviceAuthorizationRepository } from './devices/data/device-authorization.repository';
import { firmRepository } from './firms/data/firm.repository';
import { firmSeatsRepository } from './firms/data/firm-seats.repository';
import { passwordResetRepository } from './sign-in/data/password-reset.repository';
import { userRepository } from './accounts/data/user.repository';
import { withProfileGenerations } from './accounts/data/profile-generations';
import { accountSecurityUseCases, endEverySession } from './sign-in/domain/account-security.use-cases';
import { accountUseCases } from './accounts/domain/account.use-cases';
import { accountRoutes } from './accounts/routes/account.routes';
import { signInUseCases } from './sign-in/domain/sign-in.use-cases';
import { internalFirmRoutes } from './firms/routes/internal.routes';
import { adminUseCases } from './admins/domain/admin.use-cases';
import { adminSecondFactorUseCases } from './admins/domain/admin-second-factor.use-cases';
import { userSecondFactorUseCases } from './second-factors/domain/user-second-factor.use-cases';
import { firmRequiresSecondFactor } from './firms/domain/firm-access';
import { userSecondFactorRoutes } from './second-factors/routes/user-second-factor.routes';
import { adminUserSecondFactorRoutes } from './second-factors/routes/admin-user-second-factor.routes';
import { adminTeamUseCases } from './admins/domain/admin-team.use-cases';
import { adminInvitationMail } from './admins/domain/admin-invitation-mail';
import { deviceGrantUseCases } from './devices/domain/device-grant.use-cases';
import { directoryUseCases } from './accounts/domain/directory.use-cases';
import { farewellMail } from './accounts/domain/farewell-mail';
import { firmInvitationMail } from './firms/domain/firm-invitation-mail';
import { firmInvitationUseCases } from './firms/domain/firm-invitation.use-cases';
import { announcingFirmStore, firmEventsUseCases } from './firms/domain/firm-events.use-cases';
import { startFirmEvents } from './firms/jobs/firm-events';
import { firmUseCases } from './firms/domain/firm.use-cases';
import { welcomeMail } from './accounts/domain/welcome-mail';
import { notMeUseCases } from './sign-in/domain/not-me.use-cases';
import { passwordResetUseCases } from './sign-in/domain/password-reset.use-cases';
import { profileUseCases } from './accounts/domain/profile.use-cases';
import { accountSecurityRoutes } from './sign-in/routes/account-security.routes';
import { adminAuthRoutes } from './admins/routes/admin-auth.routes';
import { adminTeamRoutes } from './admins/routes/admin-team.routes';
import { adminPasskeysRoutes } from './second-factors/routes/admin-passkeys.routes';
import { adminPasskeySignIn } from './admins/domain/admin-passkey-sign-in';
import { passkeysUseCases } from './second-factors/domain/passkeys.use-cases';
import { passkeyRepository } from './second-factors/data/passkey.repository';
import { passkeyCeremonies } from './second-factors/security/passkeys';
import { webAuthnChallenges } from './second-factors/security/webauthn-challenges';
import { signInDevice } from './sign-in/routes/sign-in-device';
import { signInAlerts } from './sign-in/domain/sign-in-alert';
import { knownDeviceRepository } from './sign-in/data/known-device.repository';
import { hashRecoveryCode, newRecoveryCodes } from './second-factors/security/recovery-codes';
import { secretBox } from './second-factors/security/secret-box';
import { totpAuthenticator } from './second-factors/security/totp-authenticator';
import { signInRoutes } from './sign-in/routes/sign-in.routes';
import { deviceRoutes } from './devices/routes/device.routes';
import { firmRoutes } from './firms/routes/firm.routes';
import { internalRoutes } from './accounts/routes/internal.routes';
import { profileRoutes } from './accounts/routes/profile.routes';
import { createGuessLimit } from './shared/security/guess-limit';
import { argon2Hasher, decoyHash } from './shared/security/password-hasher';
import { createTokenIssuer, jwks } from './shared/security/token-issuer';

const HOUR = 3600;

/**
 * Auth's composition root, the one place it is wired: connections, stores, adapters, use cases
 * and routes, and the first admin from ADMIN_EMAIL/ADMIN_PASSWORD. index.ts calls it, and so do the
 * tests, with their own configuration.
 */
export async function compose(settings: Config, runtime: ServiceRuntime, { now }: { now?: () => Date } = {}) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(settings, runtime);
  const { logger, shutdown } = runtime;
  const clock = now ?? (() => new Date());
  const mail = await openMessageOutbox(
    mongo,
    { service: 'auth', notificationsUrl: settings.NOTIFICATIONS_URL, serviceSecret: settings.SERVICE_SECRET },
    runtime,
  );
  const mailFailed = (what: string) => (error: unknown) => logger.error({ err: error }, `${what} e-mail could not be stored for sending`);

  const claims = singleUseClaims(mongo);
  const users = withProfileGenerations(userRepository(mongo, claims), redis, settings.REDIS_PREFIX);
  const admins = adminRepository(mongo);
  const resets = passwordResetRepository(mongo, claims);
  const devices = deviceAuthorizationRepository(mongo, claims);
  const desktopSessions = desktopSessionRepository(mongo, claims);
  const firmStore = firmRepository(mongo, claims);
  const knownDevices = knownDeviceRepository(mongo);
  const passkeys = passkeyRepository(mongo, { model: 'AdminPasskey', collection: 'admin_passkeys' });
  const userPasskeys = passkeyRepository(mongo, { model: 'UserPasskey', collection: 'user_passkeys' });
  const prefix = settings.REDIS_PREFIX;
  const firmSeats = firmSeatsRepository(mongo, (key, work) => withRedisLock(redis, `${prefix}auth:${key}`, work));
  await Promise.all([
    users.ready,
    admins.ready,
    claims.ready,
    resets.ready,
    devices.ready,
    desktopSessions.ready,
    firmStore.ready,
    firmSeats.ready,
    knownDevices.ready,
    passkeys.ready,
    userPasskeys.ready,
  ]);
  // users stored before the search read its keys get them once; any instance may run it
  void claims
    .once('migration:user-search-keys', 'auth', () => users.addSearchKeys())
    .then((run) => run.claimed && run.value && logger.info({ users: run.value }, 'search keys added to stored users'))
    .catch((error: unknown) => logger.error({ err: error }, 'adding search keys to stored users failed; it runs again at the next start'));

  const securityLog = createSecurityLog('auth', { redisUrl: settings.REDIS_URL, prefix }, logger, clock);
  shutdown.add('security log', () => securityLog.close());
  const tokens = createTokenIssuer({
    privateKey: settings.JWT_PRIVATE_KEY,
    publicKey: settings.JWT_PUBLIC_KEY,
    redis,
    redisPrefix: prefix,
    ttlSeconds: {
      [TOKEN_AUDIENCE.user]: settings.USER_TOKEN_TTL_SECONDS,
      [TOKEN_AUDIENCE.admin]: settings.ADMIN_TOKEN_TTL_SECONDS,
      [TOKEN_AUDIENCE.internal]: 300,
      [TOKEN_AUDIENCE.desktop]: settings.DESKTOP_TOKEN_TTL_SECONDS,
      [TOKEN_AUDIENCE.adminChallenge]: 300,
      [TOKEN_AUDIENCE.userChallenge]: 300,
    },
  });
  const loginGuesses = createGuessLimit({
    redis,
    prefix,
    name: 'login-fail',
    subject: 'email',
    maxPerSubject: settings.LOGIN_MAX_FAILURES_PER_EMAIL,
    maxPerIp: settings.LOGIN_MAX_FAILURES_PER_IP,
    windowSeconds: settings.LOGIN_FAILURE_WINDOW_SECONDS,
    message: 'Too many failed sign-in attempts. Please wait and try again.',
  });
  const tooMany = (wait: number) => `Too many requests. Please try again in ${formatWait(wait)}.`;
  // an authenticator's codes, an admin's or a practitioner's, with their own guess counts
  const totpProofs = {
    authenticator: totpAuthenticator('Tax Practitioner Portal'),
    box: secretBox({ key: settings.SECOND_FACTOR_KEY, signingKey: settings.JWT_PRIVATE_KEY }),
    recoveryCodes: { generate: newRecoveryCodes, hash: hashRecoveryCode },
    now: clock,
  };
  const codeGuesses = (name: string, subject: string, maxPerSubject: number) =>
    createGuessLimit({
      redis,
      prefix,
      name,
      subject,
      maxPerSubject,
      maxPerIp: settings.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: 15 * 60,
      message: SECOND_FACTOR_MESSAGES.tooManyCodes,
    });
  const connection = { redisUrl: settings.REDIS_URL, prefix };
  const audit = createAuditPublisher('auth', connection, logger);
  shutdown.add('audit', () => audit.close());
  const ceremonies = passkeyCeremonies(settings.PUBLIC_URL);
  const challenges = webAuthnChallenges(redis, prefix);
  const userSecondFactor = userSecondFactorUseCases({
    ...totpProofs,
    passkeys: userPasskeys,
    ceremonies,
    challenges,
    users,
    tokens,
    verifyToken,
    codeGuesses: codeGuesses('user-second-factor-fail', 'user', settings.LOGIN_MAX_FAILURES_PER_EMAIL),
    securityLog,
    audit,
    requiredByFirm: (userId) => firmRequiresSecondFactor(firmStore, userId),
  });

  const welcome = welcomeMail(mail, settings.PUBLIC_URL, mailFailed('welcome'));
  const accounts = accountUseCases({
    users,
    hasher: argon2Hasher,
    tokens,
    signupLimit: createAttemptLimit(
      redis,
      `${prefix}signup:ip`,
      settings.SIGNUPS_PER_IP_PER_HOUR,
      HOUR,
      (wait) => `Too many sign-ups from this network. Please try again in ${formatWait(wait)}.`,
    ),
    now: clock,
    welcome,
  });
  const signIn = signInUseCases({
    users,
    hasher: argon2Hasher,
    decoyHash,
    tokens,
    loginGuesses,
    google: settings.GOOGLE_CLIENT_ID
      ? createGoogleVerifier({ clientId: settings.GOOGLE_CLIENT_ID, certsUrl: settings.GOOGLE_CERTS_URL })
      : undefined,
    now: clock,
    welcome,
    securityLog,
    secondFactorStep: userSecondFactor.stepAfter,
  });
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
    limitByEmail: createAttemptLimit(redis, `${prefix}reset:email`, settings.RESET_REQUESTS_PER_EMAIL_PER_HOUR, HOUR, tooMany),
    limitByIp: createAttemptLimit(redis, `${prefix}reset:ip`, settings.RESET_REQUESTS_PER_IP_PER_HOUR, HOUR, tooMany),
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
  const alerts = signInAlerts({ knownDevices, securityLog, mail, publicUrl: settings.PUBLIC_URL, onMailError: mailFailed('new sign-in') });
  const seenFrom = signInDevice(alerts, { secure: settings.PUBLIC_URL.startsWith('https:'), now: clock });
  const adminAccounts = adminUseCases({
    admins,
    hasher: argon2Hasher,
    decoyHash,
    tokens,
    loginGuesses,
    signupEnabled: settings.ADMIN_SIGNUP_ENABLED,
    securityLog,
    passkeys,
  });
  const secondFactorDeps = {
    ...totpProofs,
    admins,
    tokens,
    verifyToken,
    codeGuesses: codeGuesses('admin-code-fail', 'admin', settings.ADMIN_CODE_MAX_FAILURES),
    securityLog,
  };
  const adminSecondFactor = adminSecondFactorUseCases(secondFactorDeps);
  const passkeySignIn = adminPasskeySignIn({ ...secondFactorDeps, passkeys, ceremonies, challenges });
  const ownPasskeys = passkeysUseCases({
    passkeys: userPasskeys,
    ceremonies,
    challenges,
    securityLog,
    now: clock,
    owner: 'user',
    beforeRegistration: userSecondFactor.assertOn,
  });
  const adminPasskeys = passkeysUseCases({ passkeys, ceremonies, challenges, securityLog, now: clock, owner: 'admin' });
  const adminTeam = adminTeamUseCases({
    admins,
    passkeys,
    hasher: argon2Hasher,
    tokens,
    audit,
    sendInvitation: adminInvitationMail(mail, settings.PUBLIC_URL, mailFailed('admin invitation')),
    serially: (work) => withRedisLock(redis, `${prefix}auth:admins`, work),
    now: clock,
  });

  const deviceGrant = deviceGrantUseCases({
    devices,
    sessions: desktopSessions,
    tokens,
    secondFactorMissing: userSecondFactor.missingFrom,
    isMember: async (firmId, userId) => (await firmStore.membership(firmId, userId)) !== null,
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
    async onNewSession(session, address) {
      const user = await users.findById(session.userId);
      const origin = { deviceId: `desktop:${session.deviceName}`, desktop: session.deviceName, userAgent: null, address };
      if (user) await alerts(user, origin, clock());
    },
    onRefreshReuse: (session) =>
      logger.warn(
        { alert: 'refresh_token_reuse', userId: session.userId, sessionId: session.id },
        'a rotated refresh token was used again; its desktop session was ended',
      ),
    now,
  });

  const toBilling = createEventPublisher(EVENT_QUEUES.billing, connection, logger);
  shutdown.add('firm events to billing', () => toBilling.close());
  const firmEvents = firmEventsUseCases({
    firms: firmStore,
    seats: firmSeats,
    publish: toBilling.publish,
    nextRevision: revisionCounter(redis, `${prefix}auth:firm-revision`).next,
    now: clock,
  });
  const firmQueues = await startFirmEvents(firmEvents, connection, logger, settings.FIRM_REPLAY_EVERY_MS);
  shutdown.add('firm queues', () => firmQueues.close());
  const announcedFirms = announcingFirmStore(firmStore, firmEvents.announce);
  const seatsOf = firmEvents.seatsOf;
  const firms = firmUseCases({
    firms: announcedFirms,
    users,
    seatsOf,
    onMemberGone: (firmId, userId) => deviceGrant.endFirmSessions(userId, firmId),
    now: clock,
  });
  const firmInvitations = firmInvitationUseCases({
    firms: announcedFirms,
    users,
    seatsOf,
    sendInvitation: firmInvitationMail(mail, settings.PUBLIC_URL, mailFailed('firm invitation')),
    now: clock,
  });

  const app: Express = createServiceApp({
    name: 'auth',
    logger,
    bodyLimit: settings.BODY_LIMIT,
    readiness: [mongoReadiness(mongo), redisReadiness(redis)],
    routes: (router) => {
      router.use(accountRoutes({ accounts, verifyToken, seenFrom }));
      router.use(signInRoutes({ signIn, passwordReset, verifyToken, jwks: jwks(settings.JWT_PUBLIC_KEY), seenFrom }));
      router.use(profileRoutes(profileUseCases(users), verifyToken));
      router.use(adminAuthRoutes(adminAccounts, adminSecondFactor, passkeySignIn, verifyToken));
      router.use(adminPasskeysRoutes(adminPasskeys, verifyToken));
      router.use(adminTeamRoutes(adminTeam, verifyToken));
      router.use(deviceRoutes(deviceGrant, verifyToken, async (userId) => (await accounts.consent(userId)).required, settings.PUBLIC_URL));
      router.use(accountSecurityRoutes(security, notMe, verifyToken));
      router.use(userSecondFactorRoutes(userSecondFactor, ownPasskeys, verifyToken, seenFrom));
      router.use(adminUserSecondFactorRoutes(userSecondFactor, verifyToken));
      router.use(firmRoutes(firms, firmInvitations, verifyToken));
      const firmsOf = async (userId: string) => (await firms.firmsOf(userId)).firms.map(({ id, name, role }) => ({ id, name, role }));
      const directory = directoryUseCases(
        users,
        [resets, devices, desktopSessions, claims, knownDevices, { deleteForUser: (userId) => userPasskeys.removeAll(userId) }],
        tokens,
        farewellMail(mail, settings.PUBLIC_URL, mailFailed('farewell')),
        firms,
      );
      const selfService = {
        accountData: (userId: string) => security.accountData(userId, firmsOf),
        confirmDeletion: security.confirmDeletion,
      };
      router.use(internalRoutes(directory, selfService, settings.SERVICE_SECRET));
      router.use(internalFirmRoutes(firms, firmEvents.state, settings.SERVICE_SECRET));
    },
  });
  const created = await adminAccounts.bootstrapFirstAdmin(settings.ADMIN_EMAIL, settings.ADMIN_PASSWORD);
  if (created) logger.info({ email: created }, 'first admin created from ADMIN_EMAIL');
  return { app, adminAccounts, firmEvents, outbox: mail };
}
