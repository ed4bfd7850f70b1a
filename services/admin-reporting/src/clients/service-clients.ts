import type { Readable } from 'node:stream';
import { isAxiosError, type AxiosInstance } from 'axios';
import { parseAnswer, parseJsonLines } from '@portal/platform';
import { badRequest, conflict, tooManyRequests } from '@portal/platform/errors';
import {
  authAccountDataSchema,
  billingAccountDataSchema,
  billingAnalyticsSchema,
  deliveryLogSchema,
  feedbackAccountDataSchema,
  internalDownloadSummaryAnswer,
  internalStatsAnswer,
  internalSubscriptionsAnswer,
  internalUserAnswer,
  internalFirmsAnswer,
  internalUserFirmsLookupAnswer,
  internalUserDeletedAnswer,
  internalUserFirmsAnswer,
  internalUserSearchAnswer,
  partnerAccountDataSchema,
  phoneRecordSchema,
  webhookEndpointsRecordSchema,
  preferencesRecordSchema,
  publicUserSchema,
} from '@portal/contracts/internal';
import type {
  DeliveryLogReader,
  DownloadReader,
  FeedbackReader,
  NotificationPreferencesReader,
  PartnerReader,
  SubscriptionReader,
  UserDirectory,
} from '../domain/ports';

const isNotFound = (error: unknown) => isAxiosError(error) && error.response?.status === 404;
/** A service's 409 is passed on as it said it (why an account cannot go yet, why a message cannot be sent again). */
function passOnRefusal(error: unknown): never {
  const refusal = isAxiosError(error) ? error.response : undefined;
  if (refusal?.status === 409) throw conflict(String(refusal.data?.message));
  throw error;
}
const userPath = (userId: string) => `/internal/users/${encodeURIComponent(userId)}`;

/** The user directory of the auth service; each answer is parsed against its contract. */
export function authClient(http: AxiosInstance): UserDirectory {
  return {
    async accountData(userId) {
      return parseAnswer(
        authAccountDataSchema,
        (await http.get(`${userPath(userId)}/account-data`)).data,
        'auth /internal/users/:id/account-data',
      );
    },
    async search({ search, page, limit }) {
      const { data } = await http.get('/internal/users', { params: { search: search || undefined, page, limit } });
      return parseAnswer(internalUserSearchAnswer, data, 'auth /internal/users');
    },
    async get(userId) {
      try {
        return parseAnswer(internalUserAnswer, (await http.get(userPath(userId))).data, 'auth /internal/users/:id').user;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async firmsOfMany(userIds) {
      const { data } = await http.post('/internal/users/firms/lookup', { userIds });
      return parseAnswer(internalUserFirmsLookupAnswer, data, 'auth /internal/users/firms/lookup').firms;
    },
    async firmPage(page, limit) {
      const { data } = await http.get('/internal/firms', { params: { page, limit } });
      return parseAnswer(internalFirmsAnswer, data, 'auth /internal/firms');
    },
    async firmsOf(userId) {
      return parseAnswer(internalUserFirmsAnswer, (await http.get(`${userPath(userId)}/firms`)).data, 'auth /internal/users/:id/firms')
        .firms;
    },
    async delete(userId, { notify } = { notify: false }) {
      try {
        const answer = await http.delete(userPath(userId), { params: notify ? { notify: 'true' } : undefined });
        parseAnswer(internalUserDeletedAnswer, answer.data, 'auth DELETE /internal/users/:id');
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        // auth's reason the account cannot go yet: it owns a firm others belong to
        return passOnRefusal(error);
      }
    },
    async confirmDeletion(userId, confirmation, ip) {
      try {
        await http.post(`${userPath(userId)}/confirm-deletion`, { ...confirmation, ip });
      } catch (error) {
        // auth's own answer to the person: a wrong password, or too many of them
        const refusal = isAxiosError(error) ? error.response : undefined;
        if (refusal?.status === 400) throw badRequest(String(refusal.data?.message));
        if (refusal?.status === 429) throw tooManyRequests(Number(refusal.headers['retry-after'] ?? 60), String(refusal.data?.message));
        throw error;
      }
    },
    async stats(days) {
      const { data } = await http.get('/internal/users/stats', { params: { days } });
      return parseAnswer(internalStatsAnswer, data, 'auth /internal/users/stats');
    },
    async *exportAll() {
      // The embedded store (FerretDB 1.x) sorts the whole directory in memory before the first
      // line, seconds for a large one, so the stream may stay silent longer than a request's 5 s.
      const { data } = await http.get<Readable>('/internal/users/export', { responseType: 'stream', timeout: 30_000 });
      yield* parseJsonLines(data, publicUserSchema, 'auth /internal/users/export');
    },
  };
}

export function billingClient(http: AxiosInstance): SubscriptionReader {
  return {
    async accountData(userId) {
      const { data } = await http.get(`${userPath(userId)}/account-data`);
      return parseAnswer(billingAccountDataSchema, data, 'billing /internal/users/:id/account-data');
    },
    async summaries(userIds) {
      const { data } = await http.post('/internal/subscriptions/lookup', { userIds });
      return parseAnswer(internalSubscriptionsAnswer, data, 'billing /internal/subscriptions/lookup').subscriptions;
    },
    async analytics(days) {
      const { data } = await http.get('/internal/analytics', { params: { days } });
      return parseAnswer(billingAnalyticsSchema, data, 'billing /internal/analytics');
    },
  };
}

export function downloadClient(http: AxiosInstance): DownloadReader {
  return {
    async summaries(userIds) {
      const { data } = await http.post('/internal/downloads/summary', { userIds });
      return parseAnswer(internalDownloadSummaryAnswer, data, 'download /internal/downloads/summary').summaries;
    },
  };
}

export function partnersClient(http: AxiosInstance): PartnerReader {
  return {
    async accountData(userId) {
      const { data } = await http.get(`${userPath(userId)}/account-data`);
      return parseAnswer(partnerAccountDataSchema, data, 'partners /internal/users/:id/account-data');
    },
  };
}

export function feedbackClient(http: AxiosInstance): FeedbackReader {
  return {
    async accountData(userId) {
      const { data } = await http.get(`${userPath(userId)}/account-data`);
      return parseAnswer(feedbackAccountDataSchema, data, 'feedback /internal/users/:id/account-data');
    },
  };
}

/** The delivery log, the person's choices and their phone's channels that notifications keeps. */
export function notificationsClient(http: AxiosInstance): DeliveryLogReader & NotificationPreferencesReader {
  return {
    async preferences(userId) {
      const { data } = await http.get(`${userPath(userId)}/preferences`);
      return parseAnswer(preferencesRecordSchema, data, 'notifications /internal/users/:id/preferences');
    },
    async phone(userId) {
      const { data } = await http.get(`${userPath(userId)}/phone`);
      return parseAnswer(phoneRecordSchema, data, 'notifications /internal/users/:id/phone');
    },
    async webhooks(userId) {
      const { data } = await http.get(`${userPath(userId)}/webhooks`);
      return parseAnswer(webhookEndpointsRecordSchema, data, 'notifications /internal/users/:id/webhooks').endpoints;
    },
    async log({ userId, email }) {
      const { data } = await http.get(`${userPath(userId)}/messages`, { params: { email } });
      return parseAnswer(deliveryLogSchema, data, 'notifications /internal/users/:id/messages').messages;
    },
    async sendAgain(messageId) {
      try {
        await http.post(`/internal/messages/${encodeURIComponent(messageId)}/send-again`);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        return passOnRefusal(error);
      }
    },
  };
}
