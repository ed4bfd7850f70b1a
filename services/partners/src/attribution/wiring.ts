import type { PartnerGuards, PartnersUseCases } from '../partners';
import type { PartnersKit } from '../shared/partners-kit';
import { attributionRepository } from './data/attribution.repository';
import { attributionUseCases } from './domain/attribution.use-cases';
import { customersUseCases } from './domain/customers.use-cases';
import { attributionRoutes } from './routes/attribution.routes';

/** Attribution wires itself: who serves each customer, and what a partner sees and does for its own. */
export async function wireAttribution(kit: PartnersKit, below: { partners: PartnersUseCases; guards: PartnerGuards }) {
  const attributions = attributionRepository(kit.mongo);
  await attributions.ready;
  const attribution = attributionUseCases({
    attributions,
    partners: below.partners,
    accounts: kit.accounts,
    audit: kit.audit,
    now: kit.now,
  });
  const customers = customersUseCases({ attributions, billing: kit.billing, accounts: kit.accounts, audit: kit.audit, now: kit.now });
  return {
    attribution,
    routes: [attributionRoutes({ attribution, customers }, kit.verifyToken, below.guards, kit.settings.SERVICE_SECRET)],
  };
}
