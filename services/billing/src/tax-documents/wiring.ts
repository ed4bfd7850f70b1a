import { sellerDetailsOf } from '../config';
import type { BillingKit } from '../shared/billing-kit';
import { billingProfileRepository } from './data/billing-profile.repository';
import { creditNoteRepository } from './data/credit-note.repository';
import { invoiceRepository } from './data/invoice.repository';
import { proformaRepository } from './data/proforma.repository';
import { renderTaxDocumentPdf } from './documents/tax-document-pdf';
import { billingProfileUseCases } from './domain/billing-profile.use-cases';
import { invoiceUseCases } from './domain/invoice.use-cases';
import { proformaUseCases } from './domain/proforma.use-cases';
import { taxReportUseCases } from './domain/tax-report.use-cases';
import { billingProfileRoutes } from './routes/billing-profile.routes';
import { invoiceRoutes } from './routes/invoice.routes';
import { sellerRoutes } from './routes/seller.routes';
import { taxReportRoutes } from './routes/tax-report.routes';

type DetailsSaved = (accountId: string) => Promise<unknown>;

/**
 * Tax documents wire themselves: invoices, credit notes, pro-formas, billing profiles and the GST
 * report. They call no other capability; whoever waits for a buyer's details (a refund) asks to be
 * told with `whenDetailsSaved`.
 */
export async function wireTaxDocuments({ mongo, lock, users, seller, now, config, verifyToken, account }: BillingKit) {
  const stores = {
    billingProfiles: billingProfileRepository(mongo),
    invoices: invoiceRepository(mongo),
    creditNotes: creditNoteRepository(mongo),
    proformas: proformaRepository(mongo),
  };
  await Promise.all([stores.invoices.ready, stores.creditNotes.ready, stores.proformas.ready]);
  const render = renderTaxDocumentPdf;
  const { creditNotes, billingProfiles: profiles } = stores;
  const invoices = invoiceUseCases({ invoices: stores.invoices, creditNotes, profiles, lock, users, seller, render, now });
  const proformas = proformaUseCases({ proformas: stores.proformas, profiles, users, seller, lock, render });
  const detailsSaved: DetailsSaved[] = [];
  const profileUseCases = billingProfileUseCases(profiles, async (accountId) => {
    for (const listener of detailsSaved) await listener(accountId);
  });
  return {
    stores,
    invoices,
    proformas,
    whenDetailsSaved: (listener: DetailsSaved) => void detailsSaved.push(listener),
    routes: [
      billingProfileRoutes(profileUseCases, account),
      invoiceRoutes(invoices, verifyToken, account),
      sellerRoutes(sellerDetailsOf(config)),
      taxReportRoutes(taxReportUseCases({ invoices: stores.invoices, creditNotes }), verifyToken),
    ],
  };
}
