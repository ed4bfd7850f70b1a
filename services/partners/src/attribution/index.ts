export { wireAttribution } from './wiring';
export type { AttributionUseCases } from './domain/attribution.use-cases';
