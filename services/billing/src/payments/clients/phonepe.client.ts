import http from 'node:http';
import https from 'node:https';
import axios, { isAxiosError, type AxiosInstance } from 'axios';
import { serviceUnavailable } from '@portal/platform';
import type { PaymentGateway, PhonePeOrderStatus, PhonePeRefundState, RefundGateway } from '../domain/ports';

export interface PhonePeClientOptions {
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  oauthBaseUrl: string;
  pgBaseUrl: string;
  timeoutMs?: number;
}

interface CachedToken {
  accessToken: string;
  refreshAt: number;
}

/**
 * PhonePe Standard Checkout v2 over its REST contract (token, pay, order status, refund and refund
 * status). Our own client
 * rather than pg-sdk-node: configurable base URLs (so a local stand-in can be used), timeouts,
 * and no process-wide singleton.
 */
export function createPhonePeClient(options: PhonePeClientOptions): PaymentGateway & RefundGateway {
  const agentOptions = { keepAlive: true, maxSockets: 32 };
  const make = (baseURL: string): AxiosInstance =>
    axios.create({
      baseURL,
      timeout: options.timeoutMs ?? 10_000,
      proxy: false,
      httpAgent: new http.Agent(agentOptions),
      httpsAgent: new https.Agent(agentOptions),
    });
  const oauth = make(options.oauthBaseUrl);
  const pg = make(options.pgBaseUrl);

  let cached: CachedToken | undefined;
  let inFlight: Promise<CachedToken> | undefined;

  async function fetchToken(): Promise<CachedToken> {
    const form = new URLSearchParams({
      client_id: options.clientId,
      client_secret: options.clientSecret,
      client_version: options.clientVersion,
      grant_type: 'client_credentials',
    });
    const { data } = await oauth.post<{ access_token: string; issued_at: number; expires_at: number }>('/v1/oauth/token', form.toString(), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    // Refreshed at half-life, as PhonePe's own SDK does, well before expires_at.
    const refreshAt = (data.issued_at + (data.expires_at - data.issued_at) / 2) * 1000;
    return { accessToken: data.access_token, refreshAt };
  }

  /** One token request at a time however many calls need it. */
  async function token(): Promise<string> {
    if (cached && Date.now() < cached.refreshAt) return cached.accessToken;
    inFlight ??= fetchToken().finally(() => (inFlight = undefined));
    cached = await inFlight;
    return cached.accessToken;
  }

  async function call<T>(send: (authorization: string) => Promise<{ data: T }>): Promise<T> {
    try {
      try {
        return (await send(`O-Bearer ${await token()}`)).data;
      } catch (error) {
        if (!isAxiosError(error) || error.response?.status !== 401) throw error;
        cached = undefined; // revoked or expired early: one fresh token, one retry
        return (await send(`O-Bearer ${await token()}`)).data;
      }
    } catch (error) {
      if (isAxiosError(error) && (!error.response || error.response.status >= 500 || error.response.status === 401)) {
        throw serviceUnavailable('The payment gateway is not reachable right now. Please try again in a moment.');
      }
      throw error;
    }
  }

  return {
    async pay({ merchantOrderId, amountPaise, redirectUrl, expireAfterSeconds, userId }) {
      const body = {
        merchantOrderId,
        amount: amountPaise,
        expireAfter: expireAfterSeconds,
        metaInfo: { udf1: userId },
        paymentFlow: { type: 'PG_CHECKOUT', message: 'Tax Practitioner Portal subscription', merchantUrls: { redirectUrl } },
      };
      return call((authorization) => pg.post('/checkout/v2/pay', body, { headers: { Authorization: authorization } }));
    },
    async orderStatus(merchantOrderId) {
      const data = await call<PhonePeOrderStatus>((authorization) =>
        pg.get(`/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status`, {
          params: { details: false },
          headers: { Authorization: authorization },
        }),
      );
      return { orderId: data.orderId, state: data.state, amount: data.amount, paymentDetails: data.paymentDetails ?? [] };
    },
    async refund({ merchantRefundId, merchantOrderId, amountPaise }) {
      const body = { merchantRefundId, originalMerchantOrderId: merchantOrderId, amount: amountPaise };
      try {
        return await call<{ refundId: string; state: PhonePeRefundState }>((authorization) =>
          pg.post('/payments/v2/refund', body, { headers: { Authorization: authorization } }),
        );
      } catch (error) {
        if (isAxiosError(error) && error.response && error.response.status < 500) return null;
        throw error;
      }
    },
    async refundStatus(merchantRefundId) {
      try {
        return await call<{ refundId: string; state: PhonePeRefundState; amount: number }>((authorization) =>
          pg.get(`/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`, { headers: { Authorization: authorization } }),
        );
      } catch (error) {
        if (isAxiosError(error) && error.response?.status === 404) return null;
        throw error;
      }
    },
  };
}
