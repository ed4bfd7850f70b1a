export { wirePartners } from './wiring';
export type { PartnersUseCases } from './domain/partners.use-cases';
export type { PartnerRecord } from './domain/ports';
export type { PartnerGuards, WithPartner } from './routes/partner-guard';
