// Webhook endpoints and their delivery log, shared by a person's profile and the admin area.
export { WebhookEndpoints } from './WebhookEndpoints';
