import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type ChangeEndpointRequest,
  type CreateEndpointRequest,
  type WebhookEndpointView,
  type WebhookSecretAnswer,
} from '@portal/contracts';
import { badRequest, conflict, notFound } from '@portal/platform/errors';
import type { DeliveryStore, EndpointOwner, EndpointRecord, EndpointStore, WebhookSender } from './ports';
import { newSecret } from './signing';
import { PREVIOUS_SECRET_LASTS_MS } from './webhook-schedule';

export interface EndpointDeps {
  endpoints: EndpointStore;
  deliveries: Pick<DeliveryStore, 'removeEndpoints'>;
  sender: Pick<WebhookSender, 'checkAddress'>;
  now: () => Date;
}

const endpointView = (endpoint: EndpointRecord, now: Date): WebhookEndpointView => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  description: endpoint.description,
  disabled: endpoint.disabled && { at: endpoint.disabled.at.toISOString(), reason: endpoint.disabled.reason },
  createdAt: endpoint.createdAt.toISOString(),
  previousSecretUntil: endpoint.previousSecret && endpoint.previousSecret.until > now ? endpoint.previousSecret.until.toISOString() : null,
});

/** An owner's endpoints: registered with their secret shown once, listed, changed, rotated, removed. */
export function endpointUseCases({ endpoints, deliveries, sender, now }: EndpointDeps) {
  const own = async (owner: EndpointOwner, id: string) => {
    const endpoint = await endpoints.get(owner, id);
    if (!endpoint) throw notFound(WEBHOOK_MESSAGES.notFound);
    return endpoint;
  };
  return {
    own,
    async create(owner: EndpointOwner, ownerEmail: string, request: CreateEndpointRequest): Promise<WebhookSecretAnswer> {
      if ((await endpoints.count(owner)) >= WEBHOOK_LIMITS.endpointsPerOwner) throw conflict(WEBHOOK_MESSAGES.tooMany);
      await sender.checkAddress(request.url);
      const endpoint: EndpointRecord = {
        id: `ep_${randomBytes(12).toString('base64url')}`,
        owner,
        ownerEmail,
        ...request,
        disabled: null,
        secret: newSecret(),
        previousSecret: null,
        failingSince: null,
        createdAt: now(),
      };
      await endpoints.add(endpoint);
      return { id: endpoint.id, secret: endpoint.secret };
    },
    list: async (owner: EndpointOwner) => (await endpoints.list(owner)).map((endpoint) => endpointView(endpoint, now())),
    async change(owner: EndpointOwner, id: string, { disabled, ...change }: ChangeEndpointRequest): Promise<WebhookEndpointView> {
      const endpoint = await own(owner, id);
      if (change.url && change.url !== endpoint.url) await sender.checkAddress(change.url);
      const state =
        disabled === undefined
          ? {}
          : disabled
            ? { disabled: endpoint.disabled ?? { at: now(), reason: 'owner' as const } }
            : { disabled: null, failingSince: null };
      const changed = await endpoints.update(id, { ...change, ...state });
      if (!changed) throw notFound(WEBHOOK_MESSAGES.notFound);
      return endpointView(changed, now());
    },
    async rotate(owner: EndpointOwner, id: string): Promise<WebhookSecretAnswer> {
      const endpoint = await own(owner, id);
      const secret = newSecret();
      await endpoints.update(id, {
        secret,
        previousSecret: { secret: endpoint.secret, until: new Date(now().getTime() + PREVIOUS_SECRET_LASTS_MS) },
      });
      return { id, secret };
    },
    async remove(owner: EndpointOwner, id: string): Promise<void> {
      if (!(await endpoints.remove(owner, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
      await deliveries.removeEndpoints([id]);
    },
    /** A person's account deleted: their endpoints and what was sent to them. */
    async forget(owner: EndpointOwner): Promise<void> {
      await deliveries.removeEndpoints(await endpoints.removeOwner(owner));
    },
    /** Sending to a disabled endpoint (a test, "Send again") asks the owner to enable it first. */
    enabled(endpoint: EndpointRecord): EndpointRecord {
      if (endpoint.disabled) throw badRequest(WEBHOOK_MESSAGES.disabled);
      return endpoint;
    },
  };
}
