export interface StandInOrder {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
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
}): Promise<PhonePeStandIn>;
export function webhookAuthorization(username: string, password: string): string;
