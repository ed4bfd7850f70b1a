/**
 * Bank transfers: pro-formas paid by NEFT, RTGS or IMPS, less TDS where the buyer
 * deducts it, and the credits that pay them. Its orders are payments' and its documents
 * tax-documents'; its wiring.ts is given them. Other capabilities reach this one through what is
 * exported here, and nothing else (the lint walls in eslint.config.mjs).
 */
export type { proformaRequestUseCases } from './domain/proforma-requests.use-cases';
export type { receiptUseCases } from './domain/receipt.use-cases';
export type { tdsUseCases } from './domain/tds.use-cases';
