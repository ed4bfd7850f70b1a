import type { AdminUserRow, DownloadSummary, PublicUser, SubscriptionSummary } from '@portal/contracts';

/** One user as the admin sees it: profile from auth, subscription from billing, activity from download. */
export function toAdminUserRow(
  user: PublicUser,
  subscription: SubscriptionSummary | undefined,
  downloads: DownloadSummary | undefined,
): AdminUserRow {
  return {
    _id: user._id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    isGoogleUser: user.isGoogleUser,
    createdAt: user.createdAt,
    subscriptionPlan: subscription?.subscriptionPlan ?? 'none',
    subscriptionStatus: subscription?.subscriptionStatus ?? 'none',
    subscriptionStartDate: subscription?.subscriptionStartDate ?? null,
    subscriptionEndDate: subscription?.subscriptionEndDate ?? null,
    trialStart: subscription?.trialStart ?? null,
    trialEnd: subscription?.trialEnd ?? null,
    planPrice: subscription?.planPrice ?? 0,
    billingPeriod: subscription?.billingPeriod ?? null,
    daysRemaining: subscription?.daysRemaining ?? 0,
    hasUsedTrial: subscription?.hasUsedTrial ?? false,
    canStartTrial: subscription?.canStartTrial ?? true,
    lastDownloadDate: downloads?.lastDownloadDate ?? null,
    totalDownloads: downloads?.totalDownloads ?? 0,
    downloadHistory: downloads?.downloadHistory ?? [],
    profileCompletionPercentage: user.profileCompletionPercentage,
    personalInfo: user.personalInfo,
    consent: user.consent,
  };
}
