import type { AcceptedMessage } from '@portal/contracts/internal';
import type { EndpointRecord } from './ports';

/**
 * The e-mail that tells an endpoint's owner it was disabled after five days of failures, with the
 * way back: the vendor's endpoints are an admin's (the admin area), a person's their profile's.
 */
export function ownerNotice(endpoint: EndpointRecord, reason: string, at: Date, publicUrl: string): AcceptedMessage {
  const person = endpoint.owner.startsWith('user:') ? endpoint.owner.slice('user:'.length) : null;
  const where = person ? `${publicUrl}/profile?tab=developers` : `${publicUrl}/admin/dashboard?tab=webhooks`;
  return {
    key: `webhook-disabled:${endpoint.id}:${at.toISOString()}`,
    kind: 'webhook-disabled',
    ...(person && { userId: person }),
    to: endpoint.ownerEmail,
    subject: 'Your webhook endpoint was disabled',
    text: [
      `Every delivery to your webhook endpoint ${endpoint.url} has failed for five days (the last: ${reason}), so it was disabled.`,
      `Mend the endpoint, enable it again, and send the failed deliveries again from its log: ${where}`,
    ].join('\n\n'),
    attachments: [],
  };
}
