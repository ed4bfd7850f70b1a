import type { Response } from 'express';

/** A document as a download that no cache keeps: an invoice, a credit note, a pro-forma. */
export function sendPdf(res: Response, filename: string, pdf: Buffer) {
  res
    .type('application/pdf')
    .set('Content-Disposition', `attachment; filename="${filename}"`)
    .set('Cache-Control', 'private, no-store')
    .send(pdf);
}
