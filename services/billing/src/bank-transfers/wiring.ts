import type { bankTransferOrders, OrderStore } from '../payments';
import type { BillingKit } from '../shared/billing-kit';
import type { BillingProfileStore } from '../shared/ports';
import type { proformaUseCases } from '../tax-documents';
import { bankReceiptRepository } from './data/bank-receipt.repository';
import { tdsRepository } from './data/tds.repository';
import { proformaMail } from './domain/proforma-mail';
import { proformaRequestUseCases } from './domain/proforma-requests.use-cases';
import { receiptUseCases } from './domain/receipt.use-cases';
import { tdsRule } from './domain/tds-rule';
import { tdsUseCases } from './domain/tds.use-cases';
import { bankTransferRoutes } from './routes/bank-transfer.routes';
import { tdsRoutes } from './routes/tds.routes';

/**
 * Bank transfers wire themselves on top of payments and tax documents: a pro-forma asked for, the
 * bank statement's receipts matched to it, and the TDS a buyer deducts with its certificate.
 */
export async function wireBankTransfers(
  { mongo, config, seller, mail, audit, logger, now, verifyToken, account, firms }: BillingKit,
  below: {
    transfers: ReturnType<typeof bankTransferOrders>;
    proformas: ReturnType<typeof proformaUseCases>;
    profiles: BillingProfileStore;
    orders: Pick<OrderStore, 'taxablePaidSince'>;
  },
) {
  const receipts = bankReceiptRepository(mongo);
  const tds = tdsRepository(mongo);
  await Promise.all([receipts.ready, tds.ready]);
  const tdsOn = tdsRule(
    { ratePercent: config.TDS_RATE_PERCENT, thresholdRupees: config.TDS_THRESHOLD_RUPEES, gstRatePercent: seller.ratePercent },
    { profiles: below.profiles, taxablePaidSince: (accountId, since) => below.orders.taxablePaidSince(accountId, since) },
  );
  const deps = {
    ...{ transfers: below.transfers, proformas: below.proformas, receipts, tds, tdsOn, audit, logger, now },
    validityDays: config.PROFORMA_VALIDITY_DAYS,
    proformaPrefix: seller.proformaPrefix,
    sendProforma: proformaMail(mail, config.PUBLIC_URL),
  };
  const transfers = { proformas: proformaRequestUseCases(deps), receipts: receiptUseCases(deps) };
  const tdsCases = tdsUseCases({ tds, transfers: below.transfers, mail, publicUrl: config.PUBLIC_URL, audit, logger, now });
  return {
    stores: { receipts, tds },
    routes: [
      bankTransferRoutes(transfers, verifyToken, account, { firms, serviceSecret: config.SERVICE_SECRET }),
      tdsRoutes(tdsCases, verifyToken, account),
    ],
  };
}
