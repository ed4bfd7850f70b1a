import type { WebhookDeliveryView, WebhookEndpointView, WebhookEventType, WebhookSecretAnswer } from '@portal/contracts';
import { api } from '../api-client';

/** One owner's endpoints, under `/api/webhooks` (a person's) or `/api/admin/webhooks` (the vendor's). */
export function webhookCalls(base: string) {
  const endpoints = `${base}/endpoints`;
  return {
    list: async () => (await api.get<{ endpoints: WebhookEndpointView[] }>(endpoints)).data.endpoints,
    create: async (body: { url: string; events: WebhookEventType[]; description: string }) =>
      (await api.post<WebhookSecretAnswer>(endpoints, body)).data,
    change: async (id: string, change: { disabled?: boolean }) => (await api.patch<WebhookEndpointView>(`${endpoints}/${id}`, change)).data,
    remove: async (id: string) => void (await api.delete(`${endpoints}/${id}`)),
    rotate: async (id: string) => (await api.post<WebhookSecretAnswer>(`${endpoints}/${id}/rotate-secret`)).data,
    test: async (id: string) => (await api.post<WebhookDeliveryView>(`${endpoints}/${id}/test`)).data,
    deliveries: async (id: string) =>
      (await api.get<{ deliveries: WebhookDeliveryView[] }>(`${endpoints}/${id}/deliveries`)).data.deliveries,
    sendAgain: async (id: string, webhookId: string) =>
      (await api.post<WebhookDeliveryView>(`${endpoints}/${id}/deliveries/${webhookId}/send-again`)).data,
  };
}
export type WebhookCalls = ReturnType<typeof webhookCalls>;
