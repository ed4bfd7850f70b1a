import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RELEASE_UPLOADS_PATH, type ChannelPolicy, type PublishUploadBody, type ReleaseChannel, type ReleaseView } from '@portal/contracts';
import { api } from '@portal/ui';

const RELEASES_KEY = ['releases'] as const;

export const fetchReleases = async () =>
  (await api.get<{ releases: ReleaseView[]; channels: ChannelPolicy[] }>('/api/admin/releases')).data;
const setRollout = async ({ version, percent }: { version: string; percent: number }) =>
  (await api.put<{ release: ReleaseView }>(`/api/admin/releases/${encodeURIComponent(version)}/rollout`, { percent })).data.release;
const withdraw = async ({ version, reason }: { version: string; reason: string }) =>
  (await api.post<{ release: ReleaseView }>(`/api/admin/releases/${encodeURIComponent(version)}/withdraw`, { reason })).data.release;
const setMinimum = async ({
  channel,
  minimumVersion,
  message,
}: {
  channel: ReleaseChannel;
  minimumVersion: string | null;
  message: string;
}) => (await api.put<{ channel: ChannelPolicy }>(`/api/admin/releases/channels/${channel}`, { minimumVersion, message })).data.channel;

const publishUpload = async ({ uploadId, release }: { uploadId: string; release: PublishUploadBody }) =>
  (await api.post<{ release: ReleaseView }>(`${RELEASE_UPLOADS_PATH}/${uploadId}/publish`, release)).data.release;

export const useReleases = () => useQuery({ queryKey: RELEASES_KEY, queryFn: fetchReleases });

/** Every change refetches the list, so the tab shows what the server now holds. */
function useReleaseChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queries.invalidateQueries({ queryKey: RELEASES_KEY }) });
}
export const useSetRollout = () => useReleaseChange(setRollout);
export const useWithdrawRelease = () => useReleaseChange(withdraw);
export const useSetMinimum = () => useReleaseChange(setMinimum);
export const usePublishUpload = () => useReleaseChange(publishUpload);
