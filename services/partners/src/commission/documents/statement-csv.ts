import { istTimestampOf, rupeesOf } from '@portal/contracts';
import { csvLine } from '@portal/platform';
import type { LedgerLine, StatementRecord } from '../domain/ports';

const amount = (paise: number) => ({ csvNumber: rupeesOf(paise as never).toFixed(2) });

/** The statement as a spreadsheet: its lines, then its totals, amounts as numbers in rupees. */
export function statementCsv(statement: StatementRecord, lines: LedgerLine[]): string {
  const rows = [
    csvLine(['Date', 'Customer', 'Order', 'Kind', 'Base (₹)', 'Rate (%)', 'Commission (₹)']),
    ...lines.map((line) =>
      csvLine([
        istTimestampOf(line.at),
        line.customerEmail,
        line.merchantOrderId,
        line.kind,
        amount(line.basePaise),
        line.ratePercent,
        amount(line.commissionPaise),
      ]),
    ),
    csvLine([]),
    csvLine(['Commission', '', '', '', '', '', amount(statement.commissionPaise)]),
    csvLine(['Brought forward', '', '', '', '', '', amount(statement.broughtForwardPaise)]),
    csvLine(['GST at 18%', '', '', '', '', '', amount(statement.gstPaise)]),
    csvLine(['TDS u/s 194H at 2%', '', '', '', '', '', amount(-statement.tdsPaise)]),
    csvLine(['Payable', '', '', '', '', '', amount(statement.payablePaise)]),
    csvLine(['Carried forward', '', '', '', '', '', amount(statement.carriedForwardPaise)]),
  ];
  return rows.join('');
}
