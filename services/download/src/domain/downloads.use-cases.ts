import { installerFileName, type DownloadLink, type DownloadSummary, type Eligibility } from '@portal/contracts';
import { AppError, forbidden } from '@portal/platform/errors';
import { ERROR_CODES } from '@portal/contracts';
import { downloadLinkSigner } from './download-link';
import { eligibilityOf } from './eligibility';
import type { DownloadStore, ReleaseRecord, ReleaseStore, SubscriptionReader } from './ports';

export const LINK_REFUSED = 'This download link is not valid or has expired. Please start the download again from the portal.';

/** A 403 that carries the eligibility, so the page can show its not-eligible state from it. */
export class NotEligibleError extends AppError {
  constructor(public readonly eligibility: Eligibility) {
    super(403, ERROR_CODES.forbidden, eligibility.message);
  }
}

export interface DownloadDeps {
  subscriptions: SubscriptionReader;
  downloads: DownloadStore;
  /** Each release's count of whole downloads, for the admin's Releases screen. */
  releases: Pick<ReleaseStore, 'countDownload'>;
  serviceSecret: string;
  linkLifetimeSeconds: number;
  now?: () => Date;
}

export function downloadUseCases({
  subscriptions,
  downloads,
  releases,
  serviceSecret,
  linkLifetimeSeconds,
  now = () => new Date(),
}: DownloadDeps) {
  const signer = downloadLinkSigner(serviceSecret);
  const eligibility = async (userId: string) => eligibilityOf(await subscriptions.summary(userId));

  return {
    eligibility,

    /** Whether they may download, and the last tax year and the plan their trial or plan gives them, from one read. */
    async standing(userId: string) {
      const summary = await subscriptions.summary(userId);
      return { eligibility: eligibilityOf(summary), lastTaxYear: summary.lastTaxYear ?? null, plan: summary.subscriptionPlan };
    },

    async assertEligible(userId: string): Promise<void> {
      const result = await eligibility(userId);
      if (!result.canDownload) throw new NotEligibleError(result);
    },

    link(release: ReleaseRecord, userId: string): DownloadLink {
      const expires = Math.floor(now().getTime() / 1000) + linkLifetimeSeconds;
      const signature = signer.sign({ version: release.version, userId, expires });
      const query = new URLSearchParams({ user: userId, expires: String(expires), sig: signature });
      return {
        downloadUrl: `/api/download/file/${encodeURIComponent(release.version)}?${query}`,
        fileName: installerFileName(release.version),
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    checkLink(claims: { version: string; userId: string; expires: number }, signature: string): void {
      if (!signer.isValid(claims, signature, now())) throw forbidden(LINK_REFUSED);
    },

    async record(userId: string, version: string, userAgent: string) {
      await Promise.all([downloads.record({ userId, version, userAgent, downloadedAt: now() }), releases.countDownload(version)]);
    },
    summaries: (userIds: string[]): Promise<DownloadSummary[]> => downloads.summaries(userIds),
    deleteUser: (userId: string) => downloads.deleteForUser(userId),
  };
}
