import { useMutation, useQuery } from '@tanstack/react-query';
import type { DownloadLink, Eligibility, LatestVersion } from '@portal/contracts';
import { api, isHttpError } from '@portal/ui';
import { DOWNLOAD_KEY } from '../../lib/shared-cache';

export const downloadKeys = {
  all: DOWNLOAD_KEY,
  latest: ['download', 'latest-version'] as const,
  eligibility: ['download', 'eligibility'] as const,
};

export const fetchLatestVersion = async () => (await api.get<LatestVersion>('/api/download/latest-version')).data;

/** A 403 carries the eligibility too: the page shows its not-eligible state from it. */
export async function fetchEligibility(): Promise<Eligibility> {
  try {
    return (await api.get<Eligibility>('/api/download/check-eligibility')).data;
  } catch (error) {
    if (isHttpError(error) && error.response?.status === 403) return error.response.data as Eligibility;
    throw error;
  }
}

export const fetchDownloadLink = async (version: string) => (await api.get<DownloadLink>(`/api/download/app/${version}`)).data;

/** The newest release and whether this user may download it, as one loading state. */
export function useDownloadInfo() {
  const latest = useQuery({ queryKey: downloadKeys.latest, queryFn: fetchLatestVersion });
  const eligibility = useQuery({ queryKey: downloadKeys.eligibility, queryFn: fetchEligibility });
  return {
    latest: latest.data,
    eligibility: eligibility.data,
    loading: latest.isPending || eligibility.isPending,
    failed: latest.isError || eligibility.isError,
  };
}

export const useDownloadLink = () => useMutation({ mutationFn: fetchDownloadLink });
