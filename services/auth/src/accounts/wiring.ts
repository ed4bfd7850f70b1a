import { formatWait } from '@portal/contracts';
import type { AuthKit } from '../shared/auth-kit';
import type { SeenFrom } from '../shared/routes/seen-from';
import { argon2Hasher } from '../shared/security/password-hasher';
import { withProfileGenerations } from './data/profile-generations';
import { userRepository } from './data/user.repository';
import { accountUseCases } from './domain/account.use-cases';
import { directoryUseCases } from './domain/directory.use-cases';
import { farewellMail } from './domain/farewell-mail';
import { profileUseCases } from './domain/profile.use-cases';
import { welcomeMail } from './domain/welcome-mail';
import { accountRoutes } from './routes/account.routes';
import { internalRoutes, type AccountSelfService } from './routes/internal.routes';
import { profileRoutes } from './routes/profile.routes';

/**
 * The people's accounts, opened first: every other capability reads the users' store. Users
 * stored before the search read its keys get them once; any instance may run it.
 */
export async function openAccounts(kit: AuthKit) {
  const { mongo, redis, prefix, claims, logger, settings, mail, mailFailed, tokens, clock } = kit;
  const users = withProfileGenerations(userRepository(mongo, claims), redis, prefix);
  await users.ready;
  void claims
    .once('migration:user-search-keys', 'auth', () => users.addSearchKeys())
    .then((run) => run.claimed && run.value && logger.info({ users: run.value }, 'search keys added to stored users'))
    .catch((error: unknown) => logger.error({ err: error }, 'adding search keys to stored users failed; it runs again at the next start'));
  const welcome = welcomeMail(mail, settings.PUBLIC_URL, mailFailed('welcome'));
  const accounts = accountUseCases({
    users,
    hasher: argon2Hasher,
    tokens,
    signupLimit: kit.hourlyLimit(
      'signup:ip',
      settings.SIGNUPS_PER_IP_PER_HOUR,
      (wait) => `Too many sign-ups from this network. Please try again in ${formatWait(wait)}.`,
    ),
    now: clock,
    welcome,
  });
  return { users, welcome, accounts };
}

/** What the accounts' routes ask of the capabilities above them, as ports compose.ts fills. */
export interface AccountPorts {
  seenFrom: SeenFrom;
  /** What else a person owns, deleted with their account: reset links, desktop sign-ins and sessions, passkeys, known browsers. */
  owned: Parameters<typeof directoryUseCases>[1];
  /** The person's firms: one they own with others in it holds the deletion back. */
  firms: Parameters<typeof directoryUseCases>[4];
  self: AccountSelfService;
}

/** The accounts' routes: sign-up and consent, the profile, and the directory other services read. */
export function accountRoutesOf(kit: AuthKit, { users, accounts }: Awaited<ReturnType<typeof openAccounts>>, ports: AccountPorts) {
  const { verifyToken, tokens, mail, settings, mailFailed } = kit;
  const directory = directoryUseCases(
    users,
    ports.owned,
    tokens,
    farewellMail(mail, settings.PUBLIC_URL, mailFailed('farewell')),
    ports.firms,
  );
  return {
    account: accountRoutes({ accounts, verifyToken, seenFrom: ports.seenFrom }),
    profile: profileRoutes(profileUseCases(users), verifyToken),
    internal: internalRoutes(directory, ports.self, settings.SERVICE_SECRET),
  };
}
