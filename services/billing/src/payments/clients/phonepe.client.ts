import http from 'node:http';
import https from 'node:https';
import axios, { isAxiosError, type AxiosInstance } from 'axios';
import { serviceUnavailable } from '@portal/platform';
import type {
  MandateGateway,
  PaymentGateway,
  PhonePeMandateState,
  PhonePeOrderStatus,
  PhonePeRedemptionState,
  PhonePeRefundState,
  RefundGateway,
} from '../domain/ports';

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
 * status) and its Autopay subscriptions (setup through checkout, subscription status and cancel,
 * redemption notify, redeem and order status; integrations.md). Our own client
 * rather than pg-sdk-node: configurable base URLs (so a local stand-in can be used), timeouts,
 * and no process-wide singleton.
 */
export function createPhonePeClient(options: PhonePeClientOptions): PaymentGateway & RefundGateway & MandateGateway {
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

  const get = <T>(path: string, params?: object) =>
    call<T>((authorization) => pg.get(path, { params, headers: { Authorization: authorization } }));
  const post = <T>(path: string, body: unknown) =>
    call<T>((authorization) => pg.post(path, body, { headers: { Authorization: authorization } }));

  /** PhonePe's answer, or null when it refuses with a status the caller takes as an answer (5xx never is). */
  async function unlessRefused<T>(answer: Promise<T>, refused: (status: number) => boolean): Promise<T | null> {
    try {
      return await answer;
    } catch (error) {
      if (isAxiosError(error) && error.response && refused(error.response.status)) return null;
      throw error;
    }
  }
  const unknown = (status: number) => status === 404;
  const declined = (status: number) => status < 500;
  const orderStatusOf = <State>(data: PhonePeOrderStatus<State>): PhonePeOrderStatus<State> => ({
    orderId: data.orderId,
    state: data.state,
    amount: data.amount,
    paymentDetails: data.paymentDetails ?? [],
  });
  const id = encodeURIComponent;

  return {
    async pay({ merchantOrderId, amountPaise, redirectUrl, expireAfterSeconds, userId }) {
      return post('/checkout/v2/pay', {
        merchantOrderId,
        amount: amountPaise,
        expireAfter: expireAfterSeconds,
        metaInfo: { udf1: userId },
        paymentFlow: { type: 'PG_CHECKOUT', message: 'Tax Practitioner Portal subscription', merchantUrls: { redirectUrl } },
      });
    },
    async setupMandate({
      merchantOrderId,
      merchantSubscriptionId,
      amountPaise,
      maxAmountPaise,
      frequency,
      redirectUrl,
      expireAfterSeconds,
      userId,
    }) {
      return post('/checkout/v2/pay', {
        merchantOrderId,
        amount: amountPaise,
        expireAfter: expireAfterSeconds,
        metaInfo: { udf1: userId },
        paymentFlow: {
          type: 'SUBSCRIPTION_CHECKOUT_SETUP',
          message: 'Tax Practitioner Portal subscription with UPI Autopay',
          merchantUrls: { redirectUrl },
          subscriptionDetails: {
            subscriptionType: 'RECURRING',
            merchantSubscriptionId,
            // the first payment is the mandate's authorisation, as the plan is paid now
            authWorkflowType: 'TRANSACTION',
            amountType: 'FIXED',
            maxAmount: maxAmountPaise,
            frequency,
          },
        },
      });
    },
    mandateStatus: (merchantSubscriptionId) =>
      unlessRefused(
        get<{ subscriptionId: string; state: PhonePeMandateState }>(`/subscriptions/v2/${id(merchantSubscriptionId)}/status`, {
          details: false,
        }),
        unknown,
      ),
    async cancelMandate(merchantSubscriptionId) {
      await post(`/subscriptions/v2/${id(merchantSubscriptionId)}/cancel`, null);
    },
    notifyRedemption: ({ merchantOrderId, merchantSubscriptionId, amountPaise, expireAt }) =>
      unlessRefused(
        post<{ orderId: string; state: PhonePeRedemptionState }>('/subscriptions/v2/notify', {
          merchantOrderId,
          amount: amountPaise,
          expireAt,
          // PhonePe retries a failed debit itself, within its 48 hours and non-peak windows; we redeem
          paymentFlow: { type: 'SUBSCRIPTION_REDEMPTION', merchantSubscriptionId, redemptionRetryStrategy: 'STANDARD', autoDebit: false },
        }),
        declined,
      ),
    redeem: (merchantOrderId) =>
      unlessRefused(
        post<{ state: PhonePeRedemptionState; transactionId: string }>('/subscriptions/v2/redeem', { merchantOrderId }),
        declined,
      ),
    async redemptionStatus(merchantOrderId) {
      const data = await unlessRefused(
        get<PhonePeOrderStatus<PhonePeRedemptionState>>(`/subscriptions/v2/order/${id(merchantOrderId)}/status`, { details: false }),
        unknown,
      );
      return data && orderStatusOf(data);
    },
    async orderStatus(merchantOrderId) {
      return orderStatusOf(await get<PhonePeOrderStatus>(`/checkout/v2/order/${id(merchantOrderId)}/status`, { details: false }));
    },
    refund: ({ merchantRefundId, merchantOrderId, amountPaise }) =>
      unlessRefused(
        post<{ refundId: string; state: PhonePeRefundState }>('/payments/v2/refund', {
          merchantRefundId,
          originalMerchantOrderId: merchantOrderId,
          amount: amountPaise,
        }),
        declined,
      ),
    refundStatus: (merchantRefundId) =>
      unlessRefused(
        get<{ refundId: string; state: PhonePeRefundState; amount: number }>(`/payments/v2/refund/${id(merchantRefundId)}/status`),
        unknown,
      ),
  };
}
