import { formatPaise } from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import { recipientOf } from '../../shared/ports';
import type { RefundDeps, OrderRecord, RefundRecord } from './ports';

/** Where the buyer saves the billing details: a firm's on its subscription page, a person's on their profile. */
const detailsUrl = (publicUrl: string, order: Pick<OrderRecord, 'firm'>) =>
  order.firm ? `${publicUrl}/subscription?firm=${encodeURIComponent(order.firm.id)}` : `${publicUrl}/profile?tab=billing`;

/**
 * Asks the buyer for the billing details a refund's credit note must show. Keyed by the refund, so
 * asking again (the reconciliation job makes sure it went) sends nothing twice.
 */
export async function askBuyerForDetails(
  deps: Pick<RefundDeps, 'mail' | 'publicUrl'>,
  refund: RefundRecord,
  order: Pick<OrderRecord, 'merchantOrderId' | 'accountId' | 'userEmail' | 'firm'>,
): Promise<void> {
  const amount = formatPaise(refund.amountPaise);
  const message = composeMail(
    {
      subject: `Your refund of ${amount} is waiting for your billing details`,
      paragraphs: [
        `We are refunding ${amount} of your payment for order ${order.merchantOrderId}. The GST credit note that goes with a refund must show the buyer's billing address and state, and we have none on record for this purchase.`,
        'Add your billing details on the portal: the refund is made as soon as they are saved, and you need not write to us again.',
      ],
      facts: [
        ['Amount to refund', amount],
        ['Order', order.merchantOrderId],
      ],
      action: { label: 'Add your billing details', url: detailsUrl(deps.publicUrl, order) },
    },
    deps,
  );
  await deps.mail.send({
    key: `refund-details-request:${refund.merchantRefundId}`,
    kind: 'refund-details-request',
    ...recipientOf(order),
    ...message,
  });
}
