/**
 * Tax documents: GST invoices and credit notes, their numbering and PDFs, billing profiles and the GSTR-1 report.
 * Other capabilities reach this one through what is exported here, and nothing else (the
 * lint walls in eslint.config.mjs).
 */
export { draftCreditNote } from './domain/credit-note-draft';
export { financialYearOf } from './domain/financial-year';
export { taxableValueIn } from './domain/gst-tax';
export { issueCreditNote, issueInSeries } from './domain/invoice-draft';
export type { invoiceUseCases } from './domain/invoice.use-cases';
export type { proformaUseCases, ProformaOrder } from './domain/proforma.use-cases';
export type {
  BillingProfileStore,
  CreditNoteRecord,
  CreditNoteStore,
  InvoiceRecord,
  InvoiceStore,
  ProformaRecord,
  Seller,
  SettledOrder,
  SettledOrderDocuments,
} from './domain/ports';
