// Where a payment's invoice and a refund's credit note are, and their file names, apart from the
// schemas, so that the billing history can offer them without shipping zod.

export const invoiceUrl = (merchantOrderId: string) => `/api/billing/invoices/${merchantOrderId}`;
export const creditNoteUrl = (merchantRefundId: string) => `/api/billing/credit-notes/${merchantRefundId}`;
/** `invoice-TP-2627-000042.pdf`: the number, with the slashes a file name cannot hold. */
export const invoiceFileName = (number: string) => `invoice-${number.replace(/\//g, '-')}.pdf`;
export const creditNoteFileName = (number: string) => `credit-note-${number.replace(/\//g, '-')}.pdf`;
export const proformaFileName = (number: string) => `proforma-${number.replace(/\//g, '-')}.pdf`;
export const INVOICE_NOT_FOUND = 'No invoice for this payment';
export const CREDIT_NOTE_NOT_FOUND = 'No credit note for this refund';
