// What integrators are given: webhook endpoints with their delivery log (a person's profile and
// the admin area), and a credential shown once (a webhook's secret, an API key).
export { ShownOnce } from './ShownOnce';
export { WebhookEndpoints } from './WebhookEndpoints';
