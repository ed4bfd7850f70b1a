export interface StandInOrder {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  expireAt: number;
  redirectUrl: string;
  attempts: { transactionId: string; state: string; amount: number }[];
}
export interface PhonePeStandIn {
  baseUrl: string;
  orders: Map<string, StandInOrder>;
  calls: string[];
  settle(merchantOrderId: string, outcome: 'success' | 'failure', options?: { webhook?: boolean }): Promise<StandInOrder>;
  sendWebhook(merchantOrderId: string, options?: { authorization?: string }): Promise<number | undefined>;
  setWebhookUrl(url: string): void;
  reportAmount(merchantOrderId: string, amount: number): void;
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
}): Promise<PhonePeStandIn>;
export function webhookAuthorization(username: string, password: string): string;
