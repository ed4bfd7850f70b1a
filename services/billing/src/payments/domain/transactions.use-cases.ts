import {
  DAY_MS,
  rupeesOf,
  istDateOf,
  istDayStart,
  TRANSACTIONS_DEFAULT_DAYS,
  type Paged,
  type RefundStatus,
  type TransactionRow,
  type TransactionsQuery,
} from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import { paidFor, type OrderRecord, type OrderStore } from './ports';

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
      const { orders: found, total } = await orders.list({
        from,
        to,
        transactionId: query.transactionId || undefined,
        accountId: query.userId, // the admin filters by the paying account, as the list names it
        skip: (page - 1) * limit,
        limit,
      });
      return { transactions: found.map(transactionRow), total, page, limit };
    },

    async *exportTransactions(query: TransactionsQuery): AsyncIterable<TransactionRow> {
      for await (const order of orders.stream(dateRange(query, now()))) yield transactionRow(order);
    },
  };
}

/** An order as the admin's payments list and its CSV show it: amounts in rupees, the refund's state in a word. */
function transactionRow(order: OrderRecord): TransactionRow {
  return {
    _id: order.id,
    transactionId: order.merchantOrderId,
    phonePeTransactionId: order.phonePeTransactionId ?? null,
    phonepeOrderId: order.phonepeOrderId ?? null,
    userEmail: order.userEmail,
    amount: rupeesOf(order.amountPaise),
    status: order.status,
    subscriptionPlan: order.plan,
    billingPeriod: order.billingPeriod,
    createdAt: order.createdAt.toISOString(),
    invoiceNumber: order.invoiceNumber,
    taxableValue: order.taxablePaise === null ? null : rupeesOf(order.taxablePaise),
    tax: order.taxPaise === null ? null : rupeesOf(order.taxPaise),
    refundedAmount: rupeesOf(order.refundedPaise),
    refundStatus: refundStatusOf(order),
    firm: order.firm?.name ?? null,
    seats: order.seats,
    ...(order.pcPack && { pcs: order.pcPack.pcs }),
    paymentMethod: order.method,
    paidAmount: rupeesOf(
      order.bankTransfer ? paidFor({ amountPaise: order.amountPaise, bankTransfer: order.bankTransfer }) : order.amountPaise,
    ),
  };
}

function refundStatusOf(order: OrderRecord): RefundStatus {
  if (order.refundPending) return 'refund_pending';
  if (order.refundAwaitingDetails) return 'refund_awaiting_details';
  if (!order.refundedPaise) return 'none';
  return order.refundedPaise >= order.amountPaise ? 'refunded' : 'partially_refunded';
}
