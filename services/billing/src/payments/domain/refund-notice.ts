import { creditNoteFileName, formatPaise } from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import { recipientOf } from '../../shared/ports';
import type { RefundDeps, RefundRecord } from './ports';

/** Told once the refund is done, with its credit note; a lost e-mail is logged, the refund stands. */
export async function sendRefundNotice(deps: RefundDeps, refund: RefundRecord): Promise<void> {
  try {
    const order = await deps.orders.find(refund.merchantOrderId);
    if (!order) return;
    const { number, pdf } = await deps.creditNotePdf(refund.merchantRefundId);
    const message = composeMail(
      {
        subject: `Refund of ${formatPaise(refund.amountPaise)} completed`,
        paragraphs: [
          `We have refunded ${formatPaise(refund.amountPaise)} of your payment for order ${order.merchantOrderId} to the account you paid from. Banks usually show it within 5 to 7 working days.`,
        ],
        facts: [
          ['Amount refunded', formatPaise(refund.amountPaise)],
          ['Order', order.merchantOrderId],
          ...(refund.bankUtr ? [['Paid back by bank, UTR', refund.bankUtr] as [string, string]] : []),
          ['Credit note', number],
        ],
        action: { label: 'See your billing history', url: `${deps.publicUrl}/subscription` },
        after: [`Your GST credit note ${number} is attached.`],
      },
      deps,
    );
    await deps.mail.send({
      key: `refund-notice:${refund.merchantRefundId}`,
      kind: 'refund-notice',
      ...recipientOf(order),
      ...message,
      attachments: [{ filename: creditNoteFileName(number), content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    deps.logger.error({ err: error, merchantRefundId: refund.merchantRefundId }, 'refund e-mail could not be sent');
  }
}
