import type { CommissionKind, Paise } from '@portal/contracts';

export interface LedgerLine {
  /** `order:<merchantOrderId>` or `refund:<merchantRefundId>`: one line each, however often billing tells. */
  id: string;
  partnerId: string;
  customerId: string;
  customerEmail: string;
  merchantOrderId: string;
  kind: CommissionKind | 'refund';
  /** An order's taxable value, or a refund's amount. */
  basePaise: Paise;
  ratePercent: number | null;
  commissionPaise: Paise;
  /** An order's amount paid, against which a refund's share is reckoned. */
  paidPaise: Paise;
  at: Date;
  month: string;
  /** The month of the statement that counted it; null until one does. */
  statement: string | null;
}

export interface LedgerStore {
  /** false when the line is already there. */
  record(line: LedgerLine): Promise<boolean>;
  find(id: string): Promise<LedgerLine | null>;
  forPartner(partnerId: string, limit: number): Promise<LedgerLine[]>;
  /** Counts every line of this month or before that no statement has counted yet into this month's statement, and answers them. */
  claimFor(partnerId: string, month: string): Promise<LedgerLine[]>;
  forStatement(partnerId: string, month: string): Promise<LedgerLine[]>;
  firstUncounted(partnerId: string): Promise<string | null>;
  detachUser(userId: string): Promise<void>;
}

export interface StatementRecord {
  partnerId: string;
  month: string;
  issuedAt: Date;
  partner: { legalName: string; gstin: string | null; pan: string };
  lines: number;
  commissionPaise: Paise;
  broughtForwardPaise: Paise;
  gstPaise: Paise;
  tdsPaise: Paise;
  payablePaise: Paise;
  carriedForwardPaise: Paise;
  payout: { utr: string; paidOn: string; recordedBy: string; recordedAt: Date } | null;
}

export interface StatementStore {
  /** false when the month's statement was issued already. */
  issue(statement: StatementRecord): Promise<boolean>;
  find(partnerId: string, month: string): Promise<StatementRecord | null>;
  forPartner(partnerId: string): Promise<StatementRecord[]>;
  last(partnerId: string): Promise<StatementRecord | null>;
  /** null when the statement has a payout already (or is missing). */
  recordPayout(partnerId: string, month: string, payout: NonNullable<StatementRecord['payout']>): Promise<StatementRecord | null>;
}
