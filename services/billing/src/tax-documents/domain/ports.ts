import type { BillingPeriod, DiscountSource, PlanName, Paise } from '@portal/contracts';

export type { BillingProfileStore } from '../../shared/ports';

/** The seller as the settings give it; `demo` when the embedded placeholders stand in for it. */
export interface Seller {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  stateName: string;
  sac: string;
  ratePercent: number;
  invoicePrefix: string;
  creditNotePrefix: string;
  /** Credit notes past Section 34(2)'s time limit, which reduce no tax: a series of their own. */
  financialCreditNotePrefix: string;
  /** Pro-formas: not tax invoices, so a series apart from them. */
  proformaPrefix: string;
  /** The account a bank transfer is paid into, printed on pro-formas; none when the settings do not give it. */
  bank: SellerBank | null;
  demo: boolean;
}

export interface SellerBank {
  accountName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
}

/** The seller as a document prints it: none of the settings that only choose series or rates. */
export type SellerBlock = Omit<
  Seller,
  'invoicePrefix' | 'creditNotePrefix' | 'financialCreditNotePrefix' | 'proformaPrefix' | 'bank' | 'sac' | 'ratePercent'
>;

/**
 * A tax invoice as issued (CGST Rule 46): every figure and both parties are copied in, so it reads
 * the same however the settings, the plan or the buyer's profile change later.
 */
export interface InvoiceRecord {
  number: string;
  series: string;
  sequence: number;
  issuedAt: Date;
  merchantOrderId: string;
  accountId: string;
  phonePeTransactionId: string | null;
  seller: SellerBlock;
  buyer: { name: string; email: string; address: string | null; stateCode: string | null; stateName: string | null; gstin: string | null };
  placeOfSupply: { code: string; name: string };
  sac: string;
  ratePercent: number;
  plan: PlanName;
  billingPeriod: BillingPeriod;
  /** The seats sold; absent on invoices issued before seats, which sold one. */
  seats?: number;
  /** A pack of extra PCs for the plan: how many; absent when the plan itself was sold. */
  pcs?: number;
  /** A tax-year term's years, which the document names; absent for another period. */
  taxYears?: number[];
  periodFrom: Date;
  periodTo: Date;
  totalPaise: Paise;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  /**
   * An upgrade's invoice: the credit notes for the unused value of the plan it replaced, set against
   * its total, so the buyer paid the difference. Absent on invoices issued before plan changes.
   */
  creditAppliedPaise?: Paise;
  creditNoteNumbers?: string[];
  /**
   * A promotion code's discount, given on the invoice before GST: the plan's price
   * and its taxable value, less the discount, is `taxablePaise`, on which the GST is charged.
   */
  discount?: InvoiceDiscount;
  /** Paid by bank transfer against a pro-forma, less the TDS the buyer deducted (§2). */
  bankTransfer?: InvoiceBankTransfer;
}

export interface InvoiceBankTransfer {
  proformaNumber: string | null;
  tds: { ratePercent: number; paise: Paise } | null;
}

/** A discount as a document stores it; those issued before referral credits and codes for several periods have no kind: a code's. */
export type InvoiceDiscount = (DiscountSource | { kind?: undefined; code: string; period?: undefined }) & {
  listPricePaise: Paise;
  listTaxablePaise: Paise;
  discountPaise: Paise;
};

export type InvoiceDraft = Omit<InvoiceRecord, 'number' | 'series' | 'sequence'>;

export interface InvoiceStore {
  findForOrder(merchantOrderId: string): Promise<InvoiceRecord | null>;
  /**
   * Stores the draft under the next number of `series`, gapless and unique across replicas;
   * `numberOf` spells a sequence. Answers the order's existing invoice if it has one.
   */
  issue(draft: InvoiceDraft, series: string, numberOf: (sequence: number) => string): Promise<InvoiceRecord>;
  forUser(accountId: string): Promise<InvoiceRecord[]>;
  issuedBetween(from: Date, to: Date): Promise<InvoiceRecord[]>;
  /** A deleted user's invoices stay, as the law keeps them, but no longer point at the account. */
  detachUser(accountId: string): Promise<number>;
}

/** The paid order an invoice is issued for. */
export interface InvoicedOrder {
  merchantOrderId: string;
  accountId: string;
  userEmail: string;
  plan: PlanName;
  billingPeriod: BillingPeriod;
  /** A tax-year term's number of years; null or absent for another period. */
  taxYears?: number | null;
  /** The invoice's value; with a credit applied, more than was paid. */
  amountPaise: Paise;
  phonePeTransactionId: string | null;
  credit?: { paise: Paise; creditNoteNumbers: string[] };
  /** A firm's order: its seats, and the firm the invoice names when it has no billing details. */
  seats?: number;
  firm?: { name: string } | null;
  /** A pack of extra PCs for the plan, rather than the plan. */
  pcs?: number;
  /** A discount off the taxable value (a code's or a referral credit's), and the price before it. */
  promotion?: (DiscountSource & { listPricePaise: Paise; discountPaise: Paise }) | null;
  bankTransfer?: InvoiceBankTransfer | null;
}

/** A paid order about to be credited: its invoice's value and, on an upgrade, the paid plans it ends early. */
export interface SettledOrder extends Omit<InvoicedOrder, 'credit'> {
  /** Each ended plan's order (none for a period no order paid for), and the unused value its credit note gives back. */
  replaced?: { merchantOrderId: string | null; paise: Paise }[];
}

/** What a settled order was given: its invoice, and the credit notes of the plans it replaced. */
export interface SettledOrderDocuments {
  invoice: InvoiceRecord;
  creditNotes: { merchantOrderId: string; paise: Paise; number: string }[];
}

/** The completed refund a credit note is issued for. */
export interface CreditedRefund {
  /** A refund through PhonePe, or the unused value of a plan credited on an upgrade (no money moves). */
  kind?: CreditNoteKind;
  merchantRefundId: string;
  phonepeRefundId: string | null;
  /** Paid back by bank (a bank transfer's refund), with that transfer's UTR. */
  bankUtr?: string | null;
  amountPaise: Paise;
  reason: string;
}

export type CreditNoteKind = 'refund' | 'plan-change';

/**
 * A credit note for a completed refund, or for a plan's unused value on an upgrade (CGST s.34): it cites the original invoice and carries the
 * refunded amount split the same way, with both parties copied from the invoice.
 */
export interface CreditNoteRecord extends Omit<InvoiceRecord, 'periodFrom' | 'periodTo' | 'phonePeTransactionId' | 'discount'> {
  merchantRefundId: string;
  phonepeRefundId: string | null;
  /** Paid back by bank, with this UTR, rather than refunded through PhonePe. */
  bankUtr?: string;
  invoiceNumber: string;
  invoiceDate: Date;
  /** The original invoice's total: GSTR-1 files a note by the kind of invoice it reduces. */
  invoiceTotalPaise: Paise;
  reason: string;
  /** Absent on notes issued before plan changes: refunds. */
  kind?: CreditNoteKind;
  /**
   * Issued after Section 34(2)'s time limit for the supply: a financial credit note, which gives
   * back money but reduces no GST (no tax figures) and stays out of GSTR-1.
   */
  financial?: boolean;
}

export type CreditNoteDraft = Omit<CreditNoteRecord, 'number' | 'series' | 'sequence'>;

export interface CreditNoteStore {
  findForRefund(merchantRefundId: string): Promise<CreditNoteRecord | null>;
  issue(draft: CreditNoteDraft, series: string, numberOf: (sequence: number) => string): Promise<CreditNoteRecord>;
  forUser(accountId: string): Promise<CreditNoteRecord[]>;
  issuedBetween(from: Date, to: Date): Promise<CreditNoteRecord[]>;
  detachUser(accountId: string): Promise<number>;
}

/**
 * A pro-forma invoice: what a tax invoice for the order would say, with the account
 * to pay into, the reference to quote and how long the price holds. Not a tax invoice: it has its
 * own series, no dates of service, and GSTR-1 never reads it.
 */
export interface ProformaRecord extends Omit<
  InvoiceRecord,
  'phonePeTransactionId' | 'periodFrom' | 'periodTo' | 'creditAppliedPaise' | 'creditNoteNumbers' | 'bankTransfer'
> {
  validUntil: Date;
  bank: SellerBank;
  tds: { ratePercent: number; paise: Paise } | null;
}

export type ProformaDraft = Omit<ProformaRecord, 'number' | 'series' | 'sequence'>;

export interface ProformaStore {
  findForOrder(merchantOrderId: string): Promise<ProformaRecord | null>;
  forOrders(merchantOrderIds: string[]): Promise<ProformaRecord[]>;
  issue(draft: ProformaDraft, series: string, numberOf: (sequence: number) => string): Promise<ProformaRecord>;
  forUser(accountId: string): Promise<ProformaRecord[]>;
  detachUser(accountId: string): Promise<number>;
}
