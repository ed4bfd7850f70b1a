import { isAxiosError, type AxiosInstance } from 'axios';
import type { DownloadSummary, PublicUser, SubscriptionSummary } from '@portal/contracts';
import type { BillingAnalytics, DownloadReader, SubscriptionReader, UserDirectory } from '../domain/ports';

const isNotFound = (error: unknown) => isAxiosError(error) && error.response?.status === 404;

/** The user directory of the auth service. */
export function authClient(http: AxiosInstance): UserDirectory {
  return {
    async search({ search, page, limit }) {
      const { data } = await http.get<{ users: PublicUser[]; total: number }>('/internal/users', {
        params: { search: search || undefined, page, limit },
      });
      return data;
    },
    async get(userId) {
      try {
        return (await http.get<{ user: PublicUser }>(`/internal/users/${encodeURIComponent(userId)}`)).data.user;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(userId) {
      try {
        await http.delete(`/internal/users/${encodeURIComponent(userId)}`);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async stats(days) {
      return (await http.get('/internal/users/stats', { params: { days } })).data;
    },
    async exportPage(after, limit) {
      return (await http.get('/internal/users/export', { params: { after, limit } })).data;
    },
  };
}

export function billingClient(http: AxiosInstance): SubscriptionReader {
  return {
    async summaries(userIds) {
      return (await http.post<{ subscriptions: SubscriptionSummary[] }>('/internal/subscriptions/lookup', { userIds })).data.subscriptions;
    },
    async analytics(days) {
      return (await http.get<BillingAnalytics>('/internal/analytics', { params: { days } })).data;
    },
  };
}

export function downloadClient(http: AxiosInstance): DownloadReader {
  return {
    async summaries(userIds) {
      return (await http.post<{ summaries: DownloadSummary[] }>('/internal/downloads/summary', { userIds })).data.summaries;
    },
  };
}
