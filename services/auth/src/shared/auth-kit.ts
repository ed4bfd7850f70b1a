import { SECOND_FACTOR_MESSAGES, TOKEN_AUDIENCE, formatWait } from '@portal/contracts';
import {
  connectInfrastructure,
  createAttemptLimit,
  createAuditPublisher,
  createSecurityLog,
  openMessageOutbox,
  singleUseClaims,
  systemClock,
  withRedisLock,
  type ServiceRuntime,
} from '@portal/platform';
import type { Config } from '../config';
import { createGuessLimit } from './security/guess-limit';
import { createTokenIssuer } from './security/token-issuer';

const HOUR = 3600;

/**
 * What every capability of auth is wired with: the connections, the outbox and its failures'
 * log line, the single-use claims, the security log and the audit, the tokens, the limits on
 * guesses and attempts, a lock and the clock. Opened once, before any capability.
 */
export async function openAuthKit(settings: Config, runtime: ServiceRuntime, now: (() => Date) | undefined) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(settings, runtime);
  const { logger, shutdown } = runtime;
  const prefix = settings.REDIS_PREFIX;
  const clock = now ?? systemClock;
  const connection = { redisUrl: settings.REDIS_URL, prefix };
  const mail = await openMessageOutbox(
    mongo,
    { service: 'auth', notificationsUrl: settings.NOTIFICATIONS_URL, serviceSecret: settings.SERVICE_SECRET },
    runtime,
  );
  const claims = singleUseClaims(mongo);
  await claims.ready;
  const securityLog = createSecurityLog('auth', connection, logger, clock);
  shutdown.add('security log', () => securityLog.close());
  const audit = createAuditPublisher('auth', connection, logger);
  shutdown.add('audit', () => audit.close());
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
      // a partner's staff act for customers, as admins do: their tokens live as briefly
      [TOKEN_AUDIENCE.partner]: settings.ADMIN_TOKEN_TTL_SECONDS,
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
  return {
    settings,
    mongo,
    redis,
    verifyToken,
    logger,
    shutdown,
    now,
    clock,
    prefix,
    connection,
    mail,
    /** The log line of an e-mail that could not be stored for sending. */
    mailFailed: (what: string) => (error: unknown) => logger.error({ err: error }, `${what} e-mail could not be stored for sending`),
    claims,
    securityLog,
    audit,
    tokens,
    loginGuesses,
    /** A second factor's codes, an admin's or a practitioner's, each with their own guess count. */
    codeGuesses: (name: string, subject: string, maxPerSubject: number) =>
      createGuessLimit({
        redis,
        prefix,
        name,
        subject,
        maxPerSubject,
        maxPerIp: settings.LOGIN_MAX_FAILURES_PER_IP,
        windowSeconds: 15 * 60,
        message: SECOND_FACTOR_MESSAGES.tooManyCodes,
      }),
    /** At most `perHour` attempts an hour by one key under `name`, told with the wait. */
    hourlyLimit: (
      name: string,
      perHour: number,
      message = (wait: number) => `Too many requests. Please try again in ${formatWait(wait)}.`,
    ) => createAttemptLimit(redis, `${prefix}${name}`, perHour, HOUR, message),
    /** Serialises work on one key of auth's across instances. */
    lock: <T>(key: string, work: () => Promise<T>) => withRedisLock(redis, `${prefix}auth:${key}`, work),
  };
}

export type AuthKit = Awaited<ReturnType<typeof openAuthKit>>;
