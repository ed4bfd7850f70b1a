import type { PartnersKit } from '../shared/partners-kit';
import { partnerRepository } from './data/partner.repository';
import { tierRateRepository } from './data/tier-rate.repository';
import { partnersUseCases } from './domain/partners.use-cases';
import { partnerGuards } from './routes/partner-guard';
import { partnersRoutes } from './routes/partners.routes';

/** Partners wire themselves: the businesses, their staff and tiers, and the guard of the partner area. */
export async function wirePartners(kit: PartnersKit) {
  const stored = partnerRepository(kit.mongo);
  const rates = tierRateRepository(kit.mongo);
  await Promise.all([stored.ready, rates.ready]);
  const partners = partnersUseCases({ partners: stored, rates, accounts: kit.accounts, audit: kit.audit, now: kit.now });
  const guards = partnerGuards(kit.verifyToken, partners);
  return { partners, guards, routes: [partnersRoutes(partners, kit.verifyToken, guards, kit.settings.PUBLIC_URL)] };
}
