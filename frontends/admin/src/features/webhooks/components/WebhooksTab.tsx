import { WebhookEndpoints } from '@portal/ui/integrations';

/** The vendor's own webhook endpoints (an owner's): every account's events, for the seller's accounting and CRM. */
export function WebhooksTab() {
  return (
    <WebhookEndpoints
      base="/api/admin/webhooks"
      intro="The seller’s own systems hear every customer’s payments, invoices, plans, refunds and PCs as they happen, signed to the Standard Webhooks specification."
    />
  );
}
