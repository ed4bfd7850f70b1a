import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileUpdateBodySchema, PublicUser } from '@portal/contracts';
import { api } from '@portal/ui';

export const profileKeys = { me: ['profile'] as const };

export const fetchProfile = async () => (await api.get<{ user: PublicUser }>('/api/auth/profile')).data.user;
/** What the form sends: the schema's input, which the server trims and checks. */
type ProfileForm = z.input<typeof profileUpdateBodySchema>;

export const updateProfile = async (body: ProfileForm) =>
  (await api.put<{ user: PublicUser; message: string }>('/api/auth/profile', body)).data.user;

export const useProfile = () => useQuery({ queryKey: profileKeys.me, queryFn: fetchProfile });

/** Saves the profile; the cached profile becomes the server's answer. */
export function useUpdateProfile() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queries.setQueryData(profileKeys.me, user),
  });
}
