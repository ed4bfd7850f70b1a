/** The webhooks capability's face to the composition root: endpoints, signed deliveries and their log. */
export { wireWebhooks } from './wiring';
