import {
  asPaise,
  discountSourceOf,
  gstStateByCode,
  taxYearOf,
  taxYearsBetween,
  taxYearsFrom,
  type BillingProfile,
} from '@portal/contracts';
import type { Lock } from '../../shared/ports';
import { buyerAddress } from './buyer-details';
import { documentNumber, financialYearOf } from './financial-year';
import { splitInclusivePrice } from './gst-tax';
import type { CreditNoteDraft, CreditNoteStore, InvoicedOrder, InvoiceDraft, ProformaDraft, Seller, SellerBank } from './ports';

/**
 * The place of supply of a service to a buyer (IGST Act s.12(2)): the state of the buyer's GSTIN,
 * else the state of the address on record, else, with no address on record, the seller's own state.
 */
export function placeOfSupply(profile: BillingProfile | null, seller: Seller): { code: string; name: string } {
  const code = profile?.gstin?.slice(0, 2) ?? profile?.stateCode ?? seller.stateCode;
  return { code, name: gstStateByCode(code)?.name ?? code };
}

/** The invoice for a credited order, before it has a number (pure). */
export function draftInvoice(input: {
  seller: Seller;
  order: InvoicedOrder;
  profile: BillingProfile | null;
  /** The account's own name, for a buyer who has not given a billing name. */
  accountName: string;
  period: { from: Date; to: Date };
  issuedAt: Date;
}): InvoiceDraft {
  const { order, period } = input;
  return {
    ...draftSale(input),
    phonePeTransactionId: order.phonePeTransactionId,
    ...(order.billingPeriod === 'tax-year' && { taxYears: taxYearsBetween(period.from, period.to) }),
    periodFrom: period.from,
    periodTo: period.to,
    ...(order.credit ? { creditAppliedPaise: order.credit.paise, creditNoteNumbers: order.credit.creditNoteNumbers } : {}),
    ...(order.bankTransfer && { bankTransfer: { proformaNumber: order.bankTransfer.proformaNumber, tds: order.bankTransfer.tds } }),
  };
}

/** The pro-forma of an order to be paid by bank transfer (pure): the sale as its invoice will show it, with where to pay and until when. */
export function draftProforma(input: {
  seller: Seller & { bank: SellerBank };
  order: Omit<InvoicedOrder, 'credit' | 'phonePeTransactionId'>;
  profile: BillingProfile | null;
  accountName: string;
  issuedAt: Date;
  validUntil: Date;
}): ProformaDraft {
  const { order, issuedAt } = input;
  // the term's years as they stand on the day it is asked for; its invoice names those it was paid for
  const taxYears = order.billingPeriod === 'tax-year' && {
    taxYears: taxYearsFrom(taxYearOf(issuedAt), order.taxYears ?? 1),
  };
  return { ...draftSale(input), ...taxYears, validUntil: input.validUntil, bank: input.seller.bank, tds: order.bankTransfer?.tds ?? null };
}

/** What an invoice and a pro-forma both say of a sale: the parties, the place of supply, the figures. */
function draftSale(input: {
  seller: Seller;
  order: Omit<InvoicedOrder, 'credit' | 'phonePeTransactionId'>;
  profile: BillingProfile | null;
  accountName: string;
  issuedAt: Date;
}) {
  const { seller, order, profile, issuedAt } = input;
  const supply = placeOfSupply(profile, seller);
  const split = splitInclusivePrice(order.amountPaise, seller.ratePercent, supply.code === seller.stateCode);
  const buyerState = profile ? gstStateByCode(profile.stateCode) : undefined;
  const {
    invoicePrefix: _invoicePrefix,
    creditNotePrefix: _creditNotePrefix,
    financialCreditNotePrefix: _financialCreditNotePrefix,
    proformaPrefix: _proformaPrefix,
    bank: _bank,
    sac,
    ratePercent,
    ...sellerBlock
  } = seller;
  return {
    issuedAt,
    merchantOrderId: order.merchantOrderId,
    accountId: order.accountId,
    seller: sellerBlock,
    buyer: {
      name: profile?.legalName ?? order.firm?.name ?? (input.accountName || order.userEmail),
      email: order.userEmail,
      address: profile ? buyerAddress(profile) : null,
      stateCode: buyerState?.code ?? null,
      stateName: buyerState?.name ?? null,
      gstin: profile?.gstin ?? null,
    },
    placeOfSupply: supply,
    sac,
    ratePercent,
    plan: order.plan,
    billingPeriod: order.billingPeriod,
    seats: order.seats ?? 1,
    ...(order.pcs && { pcs: order.pcs }),
    totalPaise: order.amountPaise,
    ...(order.promotion && {
      discount: {
        ...discountSourceOf(order.promotion),
        listPricePaise: order.promotion.listPricePaise,
        // the discount was taken off the list price's taxable value, which the split gives back to the paisa
        listTaxablePaise: asPaise(split.taxablePaise + order.promotion.discountPaise),
        discountPaise: order.promotion.discountPaise,
      },
    }),
    ...split,
  };
}

/** A document series restarts each financial year: `TP/2627`, numbered `TP/2627/000001` on. */
function documentSeries(prefix: string, issuedAt: Date) {
  return {
    series: `${prefix}/${financialYearOf(issuedAt).code}`,
    numberOf: (sequence: number) => documentNumber(prefix, issuedAt, sequence),
  };
}

/**
 * Issues a document under its series' lock. The database's unique index is what keeps the numbers
 * gapless and unique; the lock only spares payments credited at once from racing for each number
 * (and retrying), so it may wait longer than an order's lock.
 */
/** A drafted credit note, numbered in its series: the GST notes', or the financial notes' own (Section 34(2)). */
export const issueCreditNote = (
  lock: Lock,
  seller: Pick<Seller, 'creditNotePrefix' | 'financialCreditNotePrefix'>,
  creditNotes: Pick<CreditNoteStore, 'issue'>,
  draft: CreditNoteDraft,
) =>
  issueInSeries(lock, draft.financial ? seller.financialCreditNotePrefix : seller.creditNotePrefix, draft.issuedAt, (series, numberOf) =>
    creditNotes.issue(draft, series, numberOf),
  );

export function issueInSeries<T>(
  lock: Lock,
  prefix: string,
  issuedAt: Date,
  issue: (series: string, numberOf: (sequence: number) => string) => Promise<T>,
): Promise<T> {
  const { series, numberOf } = documentSeries(prefix, issuedAt);
  return lock('series', series, () => issue(series, numberOf), { waitMs: 30_000 });
}
