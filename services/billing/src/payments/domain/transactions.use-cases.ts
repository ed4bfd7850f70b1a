import {
  DAY_MS,
  istDateOf,
  istDayStart,
  TRANSACTIONS_DEFAULT_DAYS,
  type Paged,
  type TransactionRow,
  type TransactionsQuery,
} from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import type { OrderStore } from './ports';

// Dates in the admin's filters are Indian calendar days (IST, UTC+05:30).

/** [from, to) for the filters; without an end date, up to the end of today; without a start, the 30 days to the end. */
export function dateRange(query: Pick<TransactionsQuery, 'startDate' | 'endDate'>, now: Date): { from: Date; to: Date } {
  const to = new Date(istDayStart(query.endDate ?? istDateOf(now)).getTime() + DAY_MS);
  const from = query.startDate ? istDayStart(query.startDate) : new Date(to.getTime() - TRANSACTIONS_DEFAULT_DAYS * DAY_MS);
  if (from >= to) throw badRequest('The start date must be on or before the end date');
  return { from, to };
}

/** The admin's payments list and its CSV. */
export function transactionsUseCases({ orders, now = () => new Date() }: { orders: OrderStore; now?: () => Date }) {
  return {
    async transactions(query: TransactionsQuery): Promise<{ transactions: TransactionRow[] } & Paged> {
      const { from, to } = dateRange(query, now());
      const { page, limit } = query;
      const { rows, total } = await orders.list({
        from,
        to,
        transactionId: query.transactionId || undefined,
        accountId: query.userId, // the admin filters by the paying account, as the list names it
        skip: (page - 1) * limit,
        limit,
      });
      return { transactions: rows, total, page, limit };
    },

    exportTransactions(query: TransactionsQuery): AsyncIterable<TransactionRow> {
      return orders.stream(dateRange(query, now()));
    },
  };
}
