/**
 * `@portal/contracts/internal`: the shapes of the services' /internal/* calls. The route validates
 * the request with these schemas and the calling client parses the answer with them, so a change
 * on one side that the other does not follow fails loudly at the boundary. Kept out of the main
 * entry, which the frontends load.
 */
export * from './users';
export * from './subscriptions';
export * from './downloads';
export * from './firms';
export * from './firm-events';
export * from './account-data';
export * from './messages';
export * from './partners';
export * from './webhooks';
