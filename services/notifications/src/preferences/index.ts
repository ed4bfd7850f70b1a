/** The preferences capability's face to the composition root and to delivery. */
export { preferenceRepository } from './data/preference.repository';
export { preferencesUseCases } from './domain/preferences.use-cases';
export { unsubscribeLinks } from './domain/unsubscribe-link';
export { preferencesInternalRoutes } from './routes/internal.routes';
export { preferencesRoutes } from './routes/preferences.routes';
export { unsubscribeRoutes } from './routes/unsubscribe.routes';
export { escapeHtml, portalPage } from './routes/portal-page';
