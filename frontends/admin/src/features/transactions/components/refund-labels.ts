import type { RefundStatus } from '@portal/contracts';

/** How a payment's refunds read beside its status; none says nothing. */
export const REFUND_LABELS: Record<RefundStatus, string> = {
  none: '',
  refund_awaiting_details: 'refund waiting for billing details',
  refund_pending: 'refund pending',
  partially_refunded: 'partially refunded',
  refunded: 'refunded',
};
