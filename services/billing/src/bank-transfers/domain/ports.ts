import type { BankReceiptState, Paise, TdsState } from '@portal/contracts';
import type { AuditPublisher } from '@portal/platform';
import type { Logger } from 'pino';
import type { bankTransferOrders, OrderRecord } from '../../payments';
import type { proformaUseCases } from '../../tax-documents';
import type { tdsRule } from './tds-rule';

/**
 * A credit to the seller's bank account: recorded by a finance admin or read from a
 * statement, once per UTR, and applied to the pro-forma it pays, or left unapplied for a person.
 */
export interface BankReceiptRecord {
  /** The bank's reference; for a statement line without one, a key made from the line itself. */
  utr: string;
  amountPaise: Paise;
  /** The date the bank shows, as written in India's calendar (YYYY-MM-DD). */
  receivedOn: string;
  bank: string;
  narration: string;
  state: BankReceiptState;
  /** The pro-forma it was applied to, and whose it is. */
  reference: string | null;
  accountId: string | null;
  /** What it paid over the pro-forma's amount due: the customer's credit with the seller. */
  excessPaise: Paise;
  source: 'manual' | 'statement';
  recordedBy: string;
  recordedAt: Date;
  /** Why it is unapplied, or what was done with returned money. */
  note: string | null;
}

export interface BankReceiptStore {
  ready: Promise<unknown>;
  /** Answers null when a receipt with the UTR exists already. */
  create(receipt: BankReceiptRecord): Promise<BankReceiptRecord | null>;
  find(utr: string): Promise<BankReceiptRecord | null>;
  update(utr: string, changes: Partial<BankReceiptRecord>): Promise<BankReceiptRecord | null>;
  remove(utr: string): Promise<void>;
  /** Newest first, in one state when given. */
  list(state: BankReceiptState | undefined, limit: number): Promise<BankReceiptRecord[]>;
  /** What the account's credits paid over their pro-formas. */
  excessOf(accountId: string): Promise<Paise>;
  detachUser(accountId: string): Promise<number>;
}

/**
 * The TDS a buyer deducted from a paid order: receivable until its Form 16A is
 * uploaded, checked and credited, or rejected with the reason.
 */
export interface TdsRecord {
  merchantOrderId: string;
  reference: string;
  accountId: string | null;
  customer: string;
  customerEmail: string;
  invoiceNumber: string | null;
  amountPaise: Paise;
  /** When the order was paid: the buyer deducts the tax then, in that quarter. */
  deductedAt: Date;
  state: TdsState;
  certificate: { pdf: Buffer; uploadedAt: Date } | null;
  certificateNumber: string | null;
  reason: string | null;
  decidedBy: string | null;
}

export interface TdsStore {
  ready: Promise<unknown>;
  /** Records the order's TDS once; answers what is recorded. */
  register(record: TdsRecord): Promise<TdsRecord>;
  find(reference: string): Promise<TdsRecord | null>;
  /** Without the certificates' bytes: for lists. */
  forReferences(references: string[]): Promise<Omit<TdsRecord, 'certificate'>[]>;
  list(state: TdsState | undefined, limit: number): Promise<(Omit<TdsRecord, 'certificate'> & { uploadedAt: Date | null })[]>;
  update(reference: string, changes: Partial<TdsRecord>): Promise<void>;
  detachUser(accountId: string): Promise<number>;
}

export interface BankTransferDeps {
  transfers: ReturnType<typeof bankTransferOrders>;
  proformas: ReturnType<typeof proformaUseCases>;
  receipts: BankReceiptStore;
  tds: TdsStore;
  tdsOn: ReturnType<typeof tdsRule>;
  validityDays: number;
  /** The pro-formas' series prefix: what a reference in a statement's narration starts with. */
  proformaPrefix: string;
  /** Sends the pro-forma to the buyer (proforma-mail.ts). */
  sendProforma: (order: OrderRecord, number: string, pdf: Buffer) => Promise<void>;
  audit: AuditPublisher;
  logger: Logger;
  now?: () => Date;
}
