import { type AxiosInstance, isAxiosError } from 'axios';
import { parseAnswer } from '@portal/platform';
import { internalUserAnswer } from '@portal/contracts/internal';
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
