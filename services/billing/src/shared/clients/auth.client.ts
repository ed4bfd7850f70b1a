import { type AxiosInstance, isAxiosError } from 'axios';
import { parseAnswer, rememberedReads } from '@portal/platform';
import {
  firmMembersChangedEvent,
  internalUserAnswer,
  profileGenerationKey,
  type FirmMembersChangedEvent,
} from '@portal/contracts/internal';
import type { RedisCache, UserDirectory, UserProfile } from '../ports';

const isAbsent = (error: unknown) => isAxiosError(error) && (error.response?.status === 404 || error.response?.status === 400);

/**
 * Names and details of a user, from auth's internal directory, parsed against its contract, and
 * remembered by each process under the generation auth advances after each change of them: the
 * status shows the names on every page, and a call to auth for them cost more than the rest of the
 * status together.
 */
export function authDirectoryClient(http: AxiosInstance, { redis, prefix }: RedisCache): UserDirectory {
  const remembered = rememberedReads<UserProfile | null>(redis);
  return {
    profile: (userId) => remembered.read(profileGenerationKey(prefix, userId), userId, () => askedProfile(http, userId)),
  };
}

async function askedProfile(http: AxiosInstance, userId: string): Promise<UserProfile | null> {
  try {
    const { data } = await http.get(`/internal/users/${encodeURIComponent(userId)}`);
    const { user } = parseAnswer(internalUserAnswer, data, 'auth /internal/users/:id');
    const { email, firstName, lastName, picture, personalInfo } = user;
    return { email, firstName, lastName, picture, personalInfo };
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
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
