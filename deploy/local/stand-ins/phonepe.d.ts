export interface StandInOrder {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED' | 'NOTIFICATION_IN_PROGRESS' | 'NOTIFIED';
  /** 'redemption' for a mandate's debit. */
  flow?: 'redemption';
  notifiedAt?: number | null;
  expireAt: number;
  redirectUrl: string;
  attempts: { transactionId: string; state: string; amount: number }[];
}
export type StandInRefundState = 'PENDING' | 'COMPLETED' | 'FAILED';
export interface StandInRefund {
  merchantRefundId: string;
  refundId: string;
  originalMerchantOrderId: string;
  amount: number;
  state: StandInRefundState;
  timestamp: number;
}
export type StandInMandateState = 'ACTIVATION_IN_PROGRESS' | 'ACTIVE' | 'PAUSED' | 'REVOKED' | 'CANCELLED' | 'FAILED';
export interface StandInMandate {
  merchantSubscriptionId: string;
  subscriptionId: string;
  state: StandInMandateState;
  amountType: 'FIXED' | 'VARIABLE';
  maxAmount: number;
  frequency: string;
}
export interface PhonePeStandIn {
  baseUrl: string;
  orders: Map<string, StandInOrder>;
  calls: string[];
  settle(merchantOrderId: string, outcome: 'success' | 'failure', options?: { webhook?: boolean }): Promise<StandInOrder>;
  sendWebhook(merchantOrderId: string, options?: { authorization?: string }): Promise<number | undefined>;
  setWebhookUrl(url: string): void;
  reportAmount(merchantOrderId: string, amount: number): void;
  refunds: Map<string, StandInRefund>;
  settleRefund(merchantRefundId: string, state: 'COMPLETED' | 'FAILED', options?: { webhook?: boolean }): Promise<StandInRefund>;
  sendRefundWebhook(merchantRefundId: string): Promise<number | undefined>;
  setRefundOutcome(outcome: 'COMPLETED' | 'FAILED' | 'hold'): void;
  expireTokens(): void;
  mandates: Map<string, StandInMandate>;
  /** The customer pauses, resumes or revokes the mandate in their UPI app; the merchant's webhook hears of it. */
  changeMandate(
    merchantSubscriptionId: string,
    action: 'pause' | 'unpause' | 'revoke',
    options?: { webhook?: boolean },
  ): Promise<StandInMandate>;
  settleRedemption(merchantOrderId: string, state: 'COMPLETED' | 'FAILED', options?: { webhook?: boolean }): Promise<StandInOrder>;
  setRedemptionOutcome(outcome: 'COMPLETED' | 'FAILED' | 'hold'): void;
  setFaults(faults?: { delayMs?: number; failRate?: number }): void;
  close(): Promise<void>;
}
export function startPhonePeStandIn(options: {
  clientId: string;
  clientSecret: string;
  clientVersion?: string;
  webhookUrl?: string;
  webhookUsername: string;
  webhookPassword: string;
  tokenLifetimeSeconds?: number;
  port?: number;
  refundOutcome?: 'COMPLETED' | 'FAILED' | 'hold';
  redemptionOutcome?: 'COMPLETED' | 'FAILED' | 'hold';
  /** The clock of the subscription rules (ms), a test's own; the real one by default. */
  now?: () => number;
}): Promise<PhonePeStandIn>;
export function webhookAuthorization(username: string, password: string): string;
