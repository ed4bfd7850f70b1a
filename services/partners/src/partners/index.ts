export { wirePartners } from './wiring';
export type { PartnersUseCases } from './domain/partners.use-cases';
export type { PartnerGuards } from './routes/partner-guard';
