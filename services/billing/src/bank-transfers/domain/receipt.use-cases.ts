import {
  BANK_TRANSFER_MESSAGES,
  istDateOf,
  NO_PAISE,
  paiseOf,
  rupeesOf,
  type BankReceiptState,
  type RecordReceipt,
  type StatementImportView,
} from '@portal/contracts';
import { AppError, badRequest, conflict, notFound } from '@portal/platform/errors';
import { clockFrom } from '@portal/platform/clock';
import type { BankTransferDeps, BankReceiptRecord } from './ports';
import { proformaViews } from './proforma-view';
import { readStatement, referenceIn, type StatementCredit } from './bank-statement';
import { receiptView } from './proforma-view';
import { registerTds } from './tds-register';

const UNAPPLIED_WITHOUT_REFERENCE = 'No pro-forma reference in the narration.';
type NewReceipt = Pick<BankReceiptRecord, 'utr' | 'amountPaise' | 'receivedOn' | 'bank' | 'narration' | 'source' | 'recordedBy'>;

/**
 * The credits to the seller's account, recorded by a finance admin or read from a
 * statement: each once (the UTR's unique index), applied to the pro-forma it pays, or left
 * unapplied for a person to apply or return.
 */
export function receiptUseCases(deps: BankTransferDeps) {
  const { receipts, audit } = deps;
  const now = clockFrom(deps);
  const { recorded, apply, importCredit, unapplied } = receiptSteps(deps);

  return {
    /** A credit the admin saw against a pro-forma: refused whole, nothing kept, when the pro-forma cannot take it. */
    async record(reference: string, body: RecordReceipt, recordedBy: string) {
      if (body.receivedOn > istDateOf(now())) throw badRequest(BANK_TRANSFER_MESSAGES.receivedOn);
      const receipt = recorded({ ...body, amountPaise: paiseOf(body.amount), narration: '', source: 'manual', recordedBy });
      if (!(await receipts.create(receipt))) throw conflict(BANK_TRANSFER_MESSAGES.utrTaken(body.utr));
      const applied = await apply(receipt, reference).catch(async (error: unknown) => {
        await receipts.remove(receipt.utr);
        throw error;
      });
      await audit({
        actor: recordedBy,
        action: 'bank-receipt.recorded',
        target: { type: 'proforma', id: reference },
        after: applied.receipt,
      });
      return applied;
    },

    /** A statement's credits, one line at a time, so that two credits of one pro-forma add up in order. */
    async importStatement(csv: string, recordedBy: string): Promise<StatementImportView> {
      const { credits, skipped } = readStatement(csv);
      const results: StatementImportView['results'] = [];
      for (const credit of credits) results.push(await importCredit(credit, recordedBy));
      const summary = { credits: credits.length, skipped, results };
      await audit({
        actor: recordedBy,
        action: 'bank-statement.imported',
        target: { type: 'bank-statement', id: istDateOf(now()) },
        after: summary,
      });
      return summary;
    },

    list: async (state: BankReceiptState | undefined) => (await receipts.list(state, 200)).map(receiptView),

    /** An unapplied credit put against the pro-forma a person found for it. */
    async applyUnapplied(utr: string, reference: string, by: string) {
      const applied = await apply(await unapplied(utr), reference);
      await audit({ actor: by, action: 'bank-receipt.applied', target: { type: 'bank-receipt', id: utr }, after: applied.receipt });
      return applied;
    },

    /** An unapplied credit sent back to whoever paid it, with what was done. */
    async returnUnapplied(utr: string, note: string, by: string) {
      await unapplied(utr);
      const returned = await receipts.update(utr, { state: 'returned', note });
      if (!returned) throw notFound(BANK_TRANSFER_MESSAGES.receiptNotFound);
      await audit({ actor: by, action: 'bank-receipt.returned', target: { type: 'bank-receipt', id: utr }, after: receiptView(returned) });
      return receiptView(returned);
    },
  };
}

/** The steps every way of recording a credit shares. */
function receiptSteps(deps: BankTransferDeps) {
  const { transfers, receipts } = deps;
  const now = clockFrom(deps);
  const viewsOf = proformaViews(deps);
  const recorded = (fields: NewReceipt): BankReceiptRecord => ({
    ...fields,
    state: 'unapplied',
    reference: null,
    accountId: null,
    excessPaise: NO_PAISE,
    recordedAt: now(),
    note: null,
  });

  /** A recorded credit put against its pro-forma, which answers why when it cannot take it. */
  async function apply(receipt: BankReceiptRecord, reference: string) {
    const { order, outcome, excessPaise } = await transfers.receive(reference, receipt.amountPaise);
    if (outcome === 'paid') await registerTds(deps.tds, order);
    const changes = { state: 'applied' as const, reference, accountId: order.accountId, excessPaise, note: null };
    const applied = (await receipts.update(receipt.utr, changes)) ?? { ...receipt, ...changes };
    const [proforma] = await viewsOf([order]);
    return { receipt: receiptView(applied), proforma, outcome };
  }

  /** A statement's credit: recorded once, applied to the pro-forma its narration names, else left unapplied with the reason. */
  async function importCredit(credit: StatementCredit, recordedBy: string): Promise<StatementImportView['results'][number]> {
    const result = { line: credit.line, utr: credit.utr, amount: rupeesOf(credit.amountPaise) };
    const receipt = recorded({ ...credit, bank: 'Bank statement', source: 'statement', recordedBy });
    if (!(await receipts.create(receipt))) return { ...result, outcome: 'duplicate', reference: null };
    const reference = referenceIn(credit.narration, deps.proformaPrefix);
    if (!reference) {
      await receipts.update(receipt.utr, { note: UNAPPLIED_WITHOUT_REFERENCE });
      return { ...result, outcome: 'unapplied', reference: null };
    }
    try {
      return { ...result, outcome: (await apply(receipt, reference)).outcome, reference };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      await receipts.update(receipt.utr, { note: `${reference}: ${error.message}` });
      return { ...result, outcome: 'unapplied', reference };
    }
  }

  async function unapplied(utr: string): Promise<BankReceiptRecord> {
    const receipt = await receipts.find(utr);
    if (!receipt) throw notFound(BANK_TRANSFER_MESSAGES.receiptNotFound);
    if (receipt.state !== 'unapplied') throw conflict(BANK_TRANSFER_MESSAGES.receiptNotUnapplied);
    return receipt;
  }

  return { recorded, apply, importCredit, unapplied };
}
