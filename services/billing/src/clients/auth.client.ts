import type { AxiosInstance } from 'axios';
import { isAxiosError } from 'axios';
import type { PublicUser } from '@portal/contracts';
import type { UserDirectory, UserProfile } from '../domain/ports';

/** Names and details of a user, from the auth service's internal directory. */
export function authDirectoryClient(http: AxiosInstance): UserDirectory {
  return {
    async profile(userId): Promise<UserProfile | null> {
      try {
        const { data } = await http.get<{ user: PublicUser }>(`/internal/users/${encodeURIComponent(userId)}`);
        const { email, firstName, lastName, picture, personalInfo } = data.user;
        return { email, firstName, lastName, picture, personalInfo };
      } catch (error) {
        if (isAxiosError(error) && (error.response?.status === 404 || error.response?.status === 400)) return null;
        throw error;
      }
    },
  };
}
