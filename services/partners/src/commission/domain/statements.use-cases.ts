import { asPaise, PARTNER_MESSAGES, rupeesOf, statementFigures, sumPaise, type StatementView } from '@portal/contracts';
import type { Logger } from '@portal/platform';
import { badRequest, conflict, notFound } from '@portal/platform/errors';
import { lastDueMonth, nextMonth } from './months';
import type { LedgerLine, LedgerStore, StatementRecord, StatementStore } from './ports';

interface PartnerFacts {
  id: string;
  legalName: string;
  gstin: string | null;
  pan: string;
}

export interface StatementDeps {
  ledger: LedgerStore;
  statements: StatementStore;
  /** Every partner, suspended ones too: what they earned before is still theirs. */
  partners: () => Promise<PartnerFacts[]>;
  /** One issuer of a partner's statements at a time, across replicas. */
  exclusive: <T>(partnerId: string, work: () => Promise<T>) => Promise<T>;
  statementDay: number;
  /** The statement as a spreadsheet and as a PDF (documents/). */
  render: {
    csv(statement: StatementRecord, lines: LedgerLine[]): string;
    pdf(statement: StatementRecord, lines: LedgerLine[]): Promise<Buffer>;
  };
  logger: Logger;
  now: () => Date;
}

const statementView = (statement: StatementRecord): StatementView => ({
  month: statement.month,
  issuedAt: statement.issuedAt.toISOString(),
  lines: statement.lines,
  commission: rupeesOf(statement.commissionPaise),
  broughtForward: rupeesOf(statement.broughtForwardPaise),
  gst: rupeesOf(statement.gstPaise),
  tds: rupeesOf(statement.tdsPaise),
  payable: rupeesOf(statement.payablePaise),
  carriedForward: rupeesOf(statement.carriedForwardPaise),
  payout: statement.payout ? { utr: statement.payout.utr, paidOn: statement.payout.paidOn } : null,
});

/**
 * Monthly statements, issued on the statement day for the month before: the lines no statement
 * has counted (a late one joins the next), GST and TDS on their sum, and a balance a month of
 * refunds left owing, carried forward. Then the payout, recorded once with its UTR.
 */
export function statementUseCases(deps: StatementDeps) {
  const { ledger, statements, now } = deps;

  async function issue(partner: PartnerFacts, month: string, broughtForwardPaise: StatementRecord['broughtForwardPaise']) {
    const lines = await ledger.claimFor(partner.id, month);
    const commissionPaise = sumPaise(lines.map((line) => line.commissionPaise));
    const figures = statementFigures(commissionPaise, partner.gstin !== null, broughtForwardPaise);
    const statement: StatementRecord = {
      partnerId: partner.id,
      month,
      issuedAt: now(),
      partner: { legalName: partner.legalName, gstin: partner.gstin, pan: partner.pan },
      lines: lines.length,
      broughtForwardPaise,
      ...figures,
      payout: null,
    };
    await statements.issue(statement);
    return statement;
  }

  /** A partner's statements up to the last month due: those with lines, or a balance brought forward. */
  async function issueFor(partner: PartnerFacts, due: string) {
    return deps.exclusive(partner.id, async () => {
      let issued = 0;
      const last = await statements.last(partner.id);
      let carried = last?.carriedForwardPaise ?? asPaise(0);
      let month = last ? nextMonth(last.month) : await ledger.firstUncounted(partner.id);
      while (month && month <= due) {
        const waiting = await ledger.firstUncounted(partner.id);
        // lines a run that stopped before its statement was stored had counted into this month
        const counted = (await ledger.forStatement(partner.id, month)).length > 0;
        if (carried === 0 && !counted && (!waiting || waiting > month)) {
          if (!waiting || waiting > due) break;
          month = waiting; // nothing to say for the months between
          continue;
        }
        carried = (await issue(partner, month, carried)).carriedForwardPaise;
        issued++;
        month = nextMonth(month);
      }
      return issued;
    });
  }

  return {
    /** Every statement that is due and not yet issued; run by the scheduled job, safe to run anywhere and again. */
    async issueDue() {
      const due = lastDueMonth(now(), deps.statementDay);
      let issued = 0;
      for (const partner of await deps.partners()) {
        try {
          issued += await issueFor(partner, due);
        } catch (error) {
          deps.logger.error({ err: error, partnerId: partner.id }, 'a partner’s statements could not be issued; the next run tries again');
        }
      }
      return issued;
    },

    list: async (partnerId: string) => (await statements.forPartner(partnerId)).map(statementView),

    /** The month's statement as a file to download: its name, its type and its bytes. */
    async document(partnerId: string, month: string, format: 'csv' | 'pdf') {
      const statement = await statements.find(partnerId, month);
      if (!statement) throw notFound(PARTNER_MESSAGES.statementNotFound);
      const lines = await ledger.forStatement(partnerId, month);
      const filename = `commission-statement-${month}.${format}`;
      if (format === 'csv') return { filename, type: 'text/csv; charset=utf-8', body: deps.render.csv(statement, lines) };
      return { filename, type: 'application/pdf', body: await deps.render.pdf(statement, lines) };
    },

    async recordPayout(partnerId: string, month: string, payout: { utr: string; paidOn: string }, actor: string) {
      const statement = await statements.find(partnerId, month);
      if (!statement) throw notFound(PARTNER_MESSAGES.statementNotFound);
      if (statement.payablePaise <= 0) throw badRequest(PARTNER_MESSAGES.nothingPayable);
      const paid = await statements.recordPayout(partnerId, month, { ...payout, recordedBy: actor, recordedAt: now() });
      if (!paid) throw conflict(PARTNER_MESSAGES.alreadyPaid);
      return statementView(paid);
    },
  };
}
