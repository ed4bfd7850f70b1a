import type { AuditPublisher } from '@portal/platform';
import type { Logger } from 'pino';
import { clockFrom } from '../../shared/clock';
import type { bankTransferOrders, OrderRecord } from '../../payments';
import type { proformaUseCases } from '../../tax-documents';
import { proformaView } from './proforma-view';
import type { BankReceiptStore, TdsStore } from './ports';
import type { tdsRule } from './tds-rule';

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
