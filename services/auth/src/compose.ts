import type { Express } from 'express';
import { createServiceApp, mongoReadiness, redisReadiness, type ServiceRuntime } from '@portal/platform';
import { accountRoutesOf, openAccounts } from './accounts/wiring';
import { wireAdmins } from './admins/wiring';
import type { Config } from './config';
import { openDeviceStores, wireDevices } from './devices/wiring';
import { openFirmStores, wireFirms } from './firms/wiring';
import { wirePartnerStaff } from './partner-staff/wiring';
import { wireApiKeys } from './api-keys/wiring';
import { wireSecondFactors } from './second-factors/wiring';
import { openAuthKit } from './shared/auth-kit';
import { openSignInAlerts, wireSignIn } from './sign-in/wiring';

/**
 * Auth's composition root: the kit, the stores every capability reads (the people, the firms, the
 * desktop's sessions, the browsers seen), then each capability wired by itself and given what the
 * others offer as ports filled here, the routes in their order, and the first admin from
 * ADMIN_EMAIL/ADMIN_PASSWORD. index.ts calls it, and so do the tests, with their own configuration.
 */
export async function compose(settings: Config, runtime: ServiceRuntime, { now }: { now?: () => Date } = {}) {
  const kit = await openAuthKit(settings, runtime, now);
  const people = await openAccounts(kit);
  const { users } = people;
  const firmStores = await openFirmStores(kit);
  const deviceStores = await openDeviceStores(kit);
  const signInAlerts = await openSignInAlerts(kit);
  const { seenFrom, alerts, knownDevices } = signInAlerts;

  const secondFactors = await wireSecondFactors(kit, { users, requiredByFirm: firmStores.requiresSecondFactor, seenFrom });
  const { userSecondFactor, userPasskeyStore } = secondFactors;
  const signIn = await wireSignIn(kit, signInAlerts, {
    users,
    welcome: people.welcome,
    secondFactorStep: userSecondFactor.stepAfter,
    desktopSessions: deviceStores.desktopSessions,
  });
  const devices = wireDevices(kit, deviceStores, {
    secondFactorMissing: userSecondFactor.missingFrom,
    isMember: firmStores.isMember,
    // a desktop not seen before is told of as a new browser is
    async onNewSession(session, address) {
      const user = await users.findById(session.userId);
      const origin = { deviceId: `desktop:${session.deviceName}`, desktop: session.deviceName, userAgent: null, address };
      if (user) await alerts(user, origin, kit.clock());
    },
    consentRequired: async (userId) => (await people.accounts.consent(userId)).required,
  });
  const firms = await wireFirms(kit, firmStores, {
    users,
    onMemberGone: (firmId, userId) => devices.deviceGrant.endFirmSessions(userId, firmId),
  });
  const admins = await wireAdmins(kit, {
    ...secondFactors.totpProofs,
    passkeys: secondFactors.adminPasskeyStore,
    ceremonies: secondFactors.ceremonies,
    challenges: secondFactors.challenges,
  });
  const partnerStaff = await wirePartnerStaff(kit, { users });
  const apiKeys = await wireApiKeys(kit);
  const firmsOf = async (userId: string) => (await firms.firms.firmsOf(userId)).firms.map(({ id, name, role }) => ({ id, name, role }));
  const { security } = signIn;
  const accounts = accountRoutesOf(kit, people, {
    seenFrom,
    owned: [
      signIn.resets,
      deviceStores.devices,
      deviceStores.desktopSessions,
      kit.claims,
      knownDevices,
      { deleteForUser: (userId) => userPasskeyStore.removeAll(userId) },
      partnerStaff.staff,
      apiKeys.keys,
    ],
    firms: firms.firms,
    self: {
      accountData: async (userId) => ({ ...(await security.accountData(userId, firmsOf)), apiKeys: await apiKeys.keys.list(userId) }),
      confirmDeletion: security.confirmDeletion,
    },
  });

  const app: Express = createServiceApp({
    name: 'auth',
    logger: kit.logger,
    bodyLimit: settings.BODY_LIMIT,
    readiness: [mongoReadiness(kit.mongo), redisReadiness(kit.redis)],
    routes: (router) => {
      for (const routes of [
        accounts.account,
        signIn.routes.signIn,
        accounts.profile,
        admins.routes.auth,
        secondFactors.routes.adminPasskeys,
        admins.routes.team,
        devices.routes.device,
        signIn.routes.accountSecurity,
        secondFactors.routes.user,
        secondFactors.routes.adminOfUsers,
        firms.routes.firm,
        accounts.internal,
        firms.routes.internal,
        partnerStaff.routes,
        apiKeys.routes,
      ])
        router.use(routes);
    },
  });
  const { adminAccounts } = admins;
  const created = await adminAccounts.bootstrapFirstAdmin(settings.ADMIN_EMAIL, settings.ADMIN_PASSWORD);
  if (created) kit.logger.info({ email: created }, 'first admin created from ADMIN_EMAIL');
  return { app, adminAccounts, firmEvents: firms.firmEvents, outbox: kit.mail };
}
