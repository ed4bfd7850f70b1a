import { z } from 'zod';
import { createOrderBodySchema } from './billing';
import { BANK_TRANSFER_MESSAGES, PROFORMA_REFERENCE_PATTERN, TDS_MESSAGES, UTR_PATTERN } from './bank-transfer-rules';

/** POST /api/billing/proformas: what a checkout is asked, and whether the buyer deducts TDS. */
export const requestProformaSchema = createOrderBodySchema.omit({ autoRenew: true }).extend({
  deductsTds: z.boolean({ error: 'deductsTds must be true or false' }).default(false),
});
export type RequestProforma = z.infer<typeof requestProformaSchema>;

export const proformaReferenceSchema = z
  .string({ error: BANK_TRANSFER_MESSAGES.reference })
  .transform((typed) => typed.replace(/[\s/]+/g, '').toUpperCase())
  .refine((reference) => PROFORMA_REFERENCE_PATTERN.test(reference), BANK_TRANSFER_MESSAGES.reference);

export const utrSchema = z
  .string({ error: BANK_TRANSFER_MESSAGES.utr })
  .transform((typed) => typed.replace(/\s+/g, '').toUpperCase())
  .refine((utr) => UTR_PATTERN.test(utr), BANK_TRANSFER_MESSAGES.utr);

/** An amount of money in rupees with at most two decimals, as every amount of the API. */
const receivedAmount = z
  .number({ error: BANK_TRANSFER_MESSAGES.amount })
  .min(0.01, BANK_TRANSFER_MESSAGES.amount)
  .max(1_00_00_000, BANK_TRANSFER_MESSAGES.amount)
  .refine((rupees) => Number.isInteger(Math.round(rupees * 100 * 1e6) / 1e6), BANK_TRANSFER_MESSAGES.amount);

/** POST /api/admin/proformas/:reference/receipts: a credit the finance admin saw in the bank account. */
export const recordReceiptSchema = z.object({
  amount: receivedAmount,
  utr: utrSchema,
  receivedOn: z.iso.date({ error: BANK_TRANSFER_MESSAGES.receivedOn }),
  bank: z.string({ error: BANK_TRANSFER_MESSAGES.bank }).trim().min(2, BANK_TRANSFER_MESSAGES.bank).max(60, BANK_TRANSFER_MESSAGES.bank),
});
export type RecordReceipt = z.infer<typeof recordReceiptSchema>;

export const proformaParamsSchema = z.object({ reference: proformaReferenceSchema });
export const receiptParamsSchema = z.object({ utr: utrSchema });

/** POST /api/admin/bank-receipts/:utr/apply: an unapplied credit, put against the pro-forma a person found for it. */
export const applyReceiptSchema = z.object({ reference: proformaReferenceSchema });
/** POST /api/admin/bank-receipts/:utr/return: an unapplied credit sent back to whoever paid it. */
export const returnReceiptSchema = z.object({
  note: z.string({ error: BANK_TRANSFER_MESSAGES.note }).trim().min(3, BANK_TRANSFER_MESSAGES.note).max(200, BANK_TRANSFER_MESSAGES.note),
});

export const bankReceiptsQuerySchema = z.object({
  state: z.enum(['applied', 'unapplied', 'returned'], { error: 'state must be applied, unapplied or returned' }).optional(),
});

export const TDS_QUARTER_PATTERN = /^(\d{4})-(\d{2}) Q([1-4])$/;

/** POST /api/admin/tds/:reference/credit: the Form 16A checked, and the credit seen in Form 26AS. */
export const creditTdsSchema = z.object({
  certificateNumber: z
    .string({ error: TDS_MESSAGES.certificateNumber })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,20}$/, TDS_MESSAGES.certificateNumber),
  quarter: z.string({ error: TDS_MESSAGES.quarter }).trim().regex(TDS_QUARTER_PATTERN, TDS_MESSAGES.quarter),
});
export type CreditTds = z.infer<typeof creditTdsSchema>;

/** POST /api/admin/tds/:reference/reject: why the certificate does not do. */
export const rejectTdsSchema = z.object({
  reason: z.string({ error: TDS_MESSAGES.reason }).trim().min(5, TDS_MESSAGES.reason).max(300, TDS_MESSAGES.reason),
});

export const tdsQuerySchema = z.object({
  state: z
    .enum(['receivable', 'uploaded', 'credited', 'rejected'], { error: 'state must be receivable, uploaded, credited or rejected' })
    .optional(),
});
