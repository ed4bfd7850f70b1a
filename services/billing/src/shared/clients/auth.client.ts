import { type AxiosInstance, isAxiosError } from 'axios';
import { parseAnswer } from '@portal/platform';
import { internalFirmMemberAnswer, internalUserAnswer, internalUserFirmsAnswer } from '@portal/contracts/internal';
import type { FirmDirectory, UserDirectory, UserProfile } from '../ports';

const isAbsent = (error: unknown) => isAxiosError(error) && (error.response?.status === 404 || error.response?.status === 400);

/** Names and details of a user, and their place in a firm, from auth's internal directory, parsed against its contract. */
export function authDirectoryClient(http: AxiosInstance): UserDirectory & FirmDirectory {
  return {
    async profile(userId): Promise<UserProfile | null> {
      try {
        const { data } = await http.get(`/internal/users/${encodeURIComponent(userId)}`);
        const { user } = parseAnswer(internalUserAnswer, data, 'auth /internal/users/:id');
        const { email, firstName, lastName, picture, personalInfo } = user;
        return { email, firstName, lastName, picture, personalInfo };
      } catch (error) {
        if (isAbsent(error)) return null;
        throw error;
      }
    },

    async membership(firmId, userId) {
      try {
        const { data } = await http.get(`/internal/firms/${encodeURIComponent(firmId)}/members/${encodeURIComponent(userId)}`);
        return parseAnswer(internalFirmMemberAnswer, data, 'auth /internal/firms/:firmId/members/:userId');
      } catch (error) {
        if (isAbsent(error)) return null;
        throw error;
      }
    },

    async firmsOf(userId) {
      try {
        const { data } = await http.get(`/internal/users/${encodeURIComponent(userId)}/firms`);
        return parseAnswer(internalUserFirmsAnswer, data, 'auth /internal/users/:id/firms').firms;
      } catch (error) {
        if (isAbsent(error)) return [];
        throw error;
      }
    },
  };
}
