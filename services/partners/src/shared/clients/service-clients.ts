import { isAxiosError, type AxiosInstance } from 'axios';
import { z } from 'zod';
import { canManageFirm, PARTNER_MESSAGES, type DeviceView } from '@portal/contracts';
import {
  internalPartnerStaffAnswer,
  internalSubscriptionsAnswer,
  internalUserAnswer,
  internalUserFirmsAnswer,
} from '@portal/contracts/internal';
import { parseAnswer } from '@portal/platform';
import { badRequest, conflict, notFound } from '@portal/platform/errors';
import type { AccountsPort, BillingPort } from '../ports';

const statusOf = (error: unknown) => (isAxiosError(error) ? error.response?.status : undefined);
const messageOf = (error: unknown) => String((isAxiosError(error) && error.response?.data?.message) || '');

/** A refusal the customer's or staff member's request caused is theirs to read; any other stays the service's fault (502). */
function passOnRefusal(error: unknown): never {
  const status = statusOf(error);
  if (status === 400) throw badRequest(messageOf(error));
  if (status === 409) throw conflict(messageOf(error));
  throw error;
}

export function accountsClient(http: AxiosInstance): AccountsPort {
  return {
    async emailOf(userId) {
      try {
        return parseAnswer(
          internalUserAnswer,
          (await http.get(`/internal/users/${encodeURIComponent(userId)}`)).data,
          'auth /internal/users/:id',
        ).user.email;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async addStaff(email, partnerId) {
      try {
        return parseAnswer(
          internalPartnerStaffAnswer,
          (await http.put('/internal/partner-staff', { email, partnerId })).data,
          'auth partner-staff',
        );
      } catch (error) {
        if (statusOf(error) === 404) throw notFound(PARTNER_MESSAGES.noAccount);
        return passOnRefusal(error);
      }
    },
    async firmsManagedBy(userId) {
      const { data } = await http.get(`/internal/users/${encodeURIComponent(userId)}/firms`);
      const { firms } = parseAnswer(internalUserFirmsAnswer, data, 'auth /internal/users/:id/firms');
      return firms.filter((firm) => canManageFirm(firm.role)).map(({ id, name, role }) => ({ id, name, role }));
    },
    async removeStaff(partnerId, userId) {
      try {
        await http.delete(`/internal/partner-staff/${encodeURIComponent(partnerId)}/${encodeURIComponent(userId)}`);
      } catch (error) {
        // already off the staff: what was asked holds
        if (statusOf(error) !== 404) throw error;
      }
    },
  };
}

const devicesAnswer = z.object({
  devices: z.array(
    z.object({
      deviceId: z.string(),
      deviceName: z.string(),
      os: z.string(),
      appVersion: z.string(),
      activatedAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
});

export function billingClient(http: AxiosInstance): BillingPort {
  return {
    async subscriptions(userIds) {
      if (userIds.length === 0) return [];
      const { data } = await http.post('/internal/subscriptions/lookup', { userIds });
      return parseAnswer(internalSubscriptionsAnswer, data, 'billing /internal/subscriptions/lookup').subscriptions;
    },
    async devices(userId): Promise<DeviceView[]> {
      const { data } = await http.get(`/internal/users/${encodeURIComponent(userId)}/devices`);
      return parseAnswer(devicesAnswer, data, 'billing /internal/users/:id/devices').devices;
    },
    async raiseProforma(userId, email, body) {
      try {
        return (await http.post(`/internal/accounts/${encodeURIComponent(userId)}/proformas`, { ...body, email })).data.proforma;
      } catch (error) {
        return passOnRefusal(error);
      }
    },
  };
}
