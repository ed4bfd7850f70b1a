import { BANK_TRANSFER_MESSAGES } from '@portal/contracts';
import { conflict, notFound } from '@portal/platform/errors';
import type { Lock, UserDirectory } from '../../shared/ports';
import { draftProforma, issueInSeries } from './invoice-draft';
import type { BillingProfileStore, InvoicedOrder, ProformaRecord, ProformaStore, Seller } from './ports';

export interface ProformaDeps {
  proformas: ProformaStore;
  profiles: Pick<BillingProfileStore, 'find'>;
  users: UserDirectory;
  seller: Seller;
  lock: Lock;
  render: (document: ProformaRecord) => Promise<Buffer>;
}

/** The order a pro-forma asks payment for: what its invoice will say, and until when its price holds. */
export type ProformaOrder = Omit<InvoicedOrder, 'credit' | 'phonePeTransactionId'> & { validUntil: Date; issuedAt: Date };

/** Pro-formas: issued once per order in their own series, rendered like the invoice that follows them. */
export function proformaUseCases({ proformas, profiles, users, seller, lock, render }: ProformaDeps) {
  return {
    /** Refuses at once when the seller has given no account to pay into, before an order is made for it. */
    assertOffered(): void {
      if (!seller.bank) throw conflict(BANK_TRANSFER_MESSAGES.notOffered);
    },

    async issue(order: ProformaOrder): Promise<ProformaRecord> {
      const existing = await proformas.findForOrder(order.merchantOrderId);
      if (existing) return existing;
      const { bank } = seller;
      if (!bank) throw conflict(BANK_TRANSFER_MESSAGES.notOffered);
      const [profile, account] = await Promise.all([profiles.find(order.accountId), order.firm ? null : users.profile(order.accountId)]);
      const draft = draftProforma({
        seller: { ...seller, bank },
        order,
        profile,
        accountName: account ? `${account.firstName} ${account.lastName}`.trim() : '',
        issuedAt: order.issuedAt,
        validUntil: order.validUntil,
      });
      return issueInSeries(lock, seller.proformaPrefix, order.issuedAt, (series, numberOf) => proformas.issue(draft, series, numberOf));
    },

    forOrders: (merchantOrderIds: string[]) => proformas.forOrders(merchantOrderIds),

    /** The PDF of a pro-forma: one of the buyer's own (another's is as absent as a missing one), or any, for the admin (`owner` null). */
    async pdf(owner: string | null, merchantOrderId: string): Promise<{ number: string; pdf: Buffer }> {
      const proforma = await proformas.findForOrder(merchantOrderId);
      if (!proforma || (owner !== null && proforma.accountId !== owner)) throw notFound(BANK_TRANSFER_MESSAGES.notFound);
      return { number: proforma.number, pdf: await render(proforma) };
    },

    render,
  };
}
