import { type AxiosInstance, isAxiosError } from 'axios';
import { parseAnswer } from '@portal/platform';
import { firmMembersChangedEvent, internalUserAnswer, type FirmMembersChangedEvent } from '@portal/contracts/internal';
import type { UserDirectory, UserProfile } from '../ports';

const isAbsent = (error: unknown) => isAxiosError(error) && (error.response?.status === 404 || error.response?.status === 400);

/** Names and details of a user, from auth's internal directory, parsed against its contract. */
export function authDirectoryClient(http: AxiosInstance): UserDirectory {
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
  };
}

/** A firm's state now, from auth, the owner of firms; null for a firm auth does not know. */
export function authFirmStateClient(http: AxiosInstance) {
  return async (firmId: string): Promise<FirmMembersChangedEvent | null> => {
    try {
      const { data } = await http.get(`/internal/firms/${encodeURIComponent(firmId)}/state`);
      return parseAnswer(firmMembersChangedEvent, data, 'auth /internal/firms/:id/state');
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  };
}
