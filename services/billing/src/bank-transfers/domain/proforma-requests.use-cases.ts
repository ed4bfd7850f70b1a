import { BANK_TRANSFER_MESSAGES, DAY_MS, proformaReference, rupeesOf, type RequestProforma } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import { clockFrom } from '@portal/platform/clock';
import type { BillingAccount } from '../../shared/ports';
import type { BankTransferDeps } from './ports';
import { proformaViews } from './proforma-view';
import { proformaView } from './proforma-view';

/** Pro-formas: asked for by the buyer, priced and held as a checkout is, sent by e-mail, listed and downloaded. */
export function proformaRequestUseCases(deps: BankTransferDeps) {
  const { transfers, proformas, receipts } = deps;
  const now = clockFrom(deps);
  const viewsOf = proformaViews(deps);

  return {
    async request(account: BillingAccount, body: RequestProforma) {
      proformas.assertOffered();
      const issuedAt = now();
      const order = await transfers.place(account, body.plan, body.billingPeriod, {
        seats: body.seats,
        taxYears: body.taxYears,
        promotionCode: body.promotionCode,
        transfer: {
          validityMs: deps.validityDays * DAY_MS,
          tdsOn: body.deductsTds ? deps.tdsOn(account, issuedAt) : async () => null,
        },
      });
      const proforma = await proformas.issue({ ...order, accountId: account.id, validUntil: order.expireAt, issuedAt });
      const named = await transfers.nameProforma(order.merchantOrderId, proforma.number, proformaReference(proforma.number));
      void proformas
        .render(proforma)
        .then((pdf) => deps.sendProforma(order, proforma.number, pdf))
        .catch((error: unknown) => deps.logger.error({ err: error, number: proforma.number }, 'pro-forma e-mail could not be sent'));
      return proformaView(named ?? order, proforma, now());
    },

    /** The account's pro-formas, newest first, and its credit with us from transfers that paid over. */
    async forAccount(accountId: string) {
      const [orders, credit] = await Promise.all([transfers.forUser(accountId, 50), receipts.excessOf(accountId)]);
      return { proformas: await viewsOf(orders), credit: rupeesOf(credit) };
    },

    /** One of the buyer's own pro-formas (another's is as absent as a missing one), or any, for the admin (`owner` null). */
    async pdf(owner: string | null, reference: string) {
      const order = await transfers.findByReference(reference);
      if (!order) throw notFound(BANK_TRANSFER_MESSAGES.notFound);
      return proformas.pdf(owner, order.merchantOrderId);
    },

    /** The pro-formas waiting for money, for the admin's bank transfers. */
    open: async () => viewsOf(await transfers.openOrders(200)),
  };
}
