import type { Express } from 'express';
import { createServiceApp, mongoReadiness, redisReadiness, systemClock, testClock, type ServiceRuntime } from '@portal/platform';
import { wireAttribution } from './attribution';
import { wireCommission } from './commission';
import type { Config } from './config';
import { wirePartners } from './partners';
import { openPartnersKit } from './shared/partners-kit';

/** What a test may replace; production passes none. */
export interface PartnersOverrides {
  now?: () => Date;
}

/**
 * Partners' composition root: the kit, then partners (the businesses and their staff),
 * attribution (who serves each customer) and commission (the ledger billing's events feed, the
 * statements and payouts), each wired by itself from the bottom up, then the routes and jobs.
 */
export async function compose(settings: Config, runtime: ServiceRuntime, { now }: PartnersOverrides = {}) {
  const clock = now ?? (settings.TEST_CLOCK_FILE ? testClock(settings.TEST_CLOCK_FILE) : systemClock);
  const kit = await openPartnersKit(settings, runtime, clock);
  const partners = await wirePartners(kit);
  const attribution = await wireAttribution(kit, partners);
  const commission = await wireCommission(kit, { ...partners, attribution: attribution.attribution });
  const app: Express = createServiceApp({
    name: 'partners',
    logger: kit.logger,
    bodyLimit: settings.BODY_LIMIT,
    readiness: [mongoReadiness(kit.mongo), redisReadiness(kit.redis)],
    routes: (router) => {
      for (const routes of [...partners.routes, ...attribution.routes, ...commission.routes]) router.use(routes);
    },
  });
  const jobs = await commission.start(async (userId) => {
    await attribution.attribution.deleteUser(userId);
    await commission.ledger.detachUser(userId);
  });
  kit.shutdown.add('jobs', () => jobs.close());
  return {
    app,
    partners: partners.partners,
    attribution: attribution.attribution,
    ledger: commission.ledger,
    statements: commission.statements,
  };
}
