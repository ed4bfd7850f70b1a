import {
  NO_PAISE,
  paiseLeft,
  proformaReference,
  rupeesOf,
  type BankReceiptView,
  type PricedPlan,
  type ProformaState,
  type ProformaView,
} from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import { dueByTransfer, type OrderRecord } from '../../payments';
import type { ProformaRecord } from '../../tax-documents';
import type { BankReceiptRecord, TdsRecord } from './ports';
import type { BankTransferDeps } from './ports';

/** Where a pro-forma stands, from its order: paid, waiting for the rest, open, or past its validity with nothing received. */
function stateOf(order: OrderRecord, now: Date): ProformaState {
  if (order.status === 'completed') return 'paid';
  const received = order.bankTransfer?.receivedPaise ?? 0;
  if (received > 0) return 'part_paid';
  return order.status === 'pending' && order.expireAt > now ? 'open' : 'expired';
}

export function proformaView(
  order: OrderRecord,
  proforma: ProformaRecord,
  now: Date,
  certified?: Pick<TdsRecord, 'state' | 'reason'>,
): ProformaView {
  const tds = order.bankTransfer?.tds ?? null;
  return {
    number: proforma.number,
    reference: proformaReference(proforma.number),
    plan: order.plan as PricedPlan,
    billingPeriod: order.billingPeriod,
    seats: order.seats,
    firm: order.firm?.name ?? null,
    customerEmail: order.userEmail,
    issuedAt: proforma.issuedAt.toISOString(),
    validUntil: proforma.validUntil.toISOString(),
    total: rupeesOf(proforma.totalPaise),
    taxableValue: rupeesOf(proforma.taxablePaise),
    tax: rupeesOf(paiseLeft(proforma.totalPaise, proforma.taxablePaise)),
    tds: tds && {
      ratePercent: tds.ratePercent,
      amount: rupeesOf(tds.paise),
      state: certified?.state ?? null,
      reason: certified?.reason ?? null,
    },
    amountDue: rupeesOf(dueByTransfer(order)),
    received: rupeesOf(order.bankTransfer?.receivedPaise ?? NO_PAISE),
    state: stateOf(order, now),
    invoiceNumber: order.invoiceNumber,
  };
}

export function receiptView(receipt: BankReceiptRecord): BankReceiptView {
  return {
    utr: receipt.utr,
    amount: rupeesOf(receipt.amountPaise),
    receivedOn: receipt.receivedOn,
    bank: receipt.bank,
    narration: receipt.narration,
    state: receipt.state,
    reference: receipt.reference,
    excess: rupeesOf(receipt.excessPaise),
    source: receipt.source,
    recordedBy: receipt.recordedBy,
    recordedAt: receipt.recordedAt.toISOString(),
    note: receipt.note,
  };
}

/** The pro-formas of these orders as their pages show them, in the orders' order; an order whose pro-forma was never issued has none. */
export function proformaViews(deps: Pick<BankTransferDeps, 'proformas' | 'tds' | 'now'>) {
  return async (orders: OrderRecord[]) => {
    const references = orders.flatMap((order) =>
      order.bankTransfer?.tds && order.bankTransfer.reference ? [order.bankTransfer.reference] : [],
    );
    const [documents, certified] = await Promise.all([
      deps.proformas.forOrders(orders.map((order) => order.merchantOrderId)),
      deps.tds.forReferences(references),
    ]);
    const byOrder = new Map(documents.map((document) => [document.merchantOrderId, document]));
    const tdsByOrder = new Map(certified.map((record) => [record.merchantOrderId, record]));
    const at = clockFrom(deps)();
    return orders.flatMap((order) => {
      const proforma = byOrder.get(order.merchantOrderId);
      return proforma ? [proformaView(order, proforma, at, tdsByOrder.get(order.merchantOrderId))] : [];
    });
  };
}
