import { billingPeriodWords, formatIndianDate, formatPaise, planTitle, proformaFileName, proformaReference } from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import { recipientOf, type MailSender } from '../../shared/ports';
import { dueByTransfer, type OrderRecord } from '../../payments';

/** The pro-forma, sent to the person who asked for it with the PDF attached: what to transfer, where to and what to quote. */
export function proformaMail(mail: MailSender, publicUrl: string) {
  return async (order: OrderRecord, number: string, pdf: Buffer): Promise<void> => {
    const reference = proformaReference(number);
    const tds = order.bankTransfer?.tds;
    await mail.send({
      key: `pro-forma:${number}`,
      kind: 'pro-forma',
      ...recipientOf(order),
      ...composeMail(
        {
          subject: `Pro-forma ${number}: ${planTitle(order.plan)} plan (${billingPeriodWords(order.billingPeriod)})`,
          paragraphs: [
            'Here is the pro-forma invoice you asked for. Pay it by NEFT, RTGS or IMPS to the account it names, and quote its reference in the transfer.',
            'Your plan starts when the payment reaches us; the tax invoice follows by e-mail.',
          ],
          facts: [
            ['Pro-forma', number],
            ['Reference to quote', reference],
            ...(order.firm
              ? [['Firm', `${order.firm.name}, ${order.seats} ${order.seats === 1 ? 'seat' : 'seats'}`] as [string, string]]
              : []),
            ['Total (GST included)', formatPaise(order.amountPaise)],
            ...(tds ? [['Less TDS you deduct', formatPaise(tds.paise)] as [string, string]] : []),
            ['To transfer', formatPaise(dueByTransfer(order))],
            ['Valid until', formatIndianDate(order.expireAt)],
          ],
          action: { label: 'See it on the portal', url: `${publicUrl}/subscription` },
          after: [`The pro-forma is attached as ${proformaFileName(number)}. It is not a tax invoice.`],
        },
        { publicUrl },
      ),
      attachments: [{ filename: proformaFileName(number), content: pdf, contentType: 'application/pdf' }],
    });
  };
}
