import { BILLING_PROFILE_MESSAGES, type BillingProfile } from '@portal/contracts';
import type { BillingProfileStore } from './ports';

/**
 * The buyer's billing details, which their tax invoices will carry. Once saved, `onSaved` hears of
 * it: a refund may have been waiting for them (payments makes it then).
 */
export function billingProfileUseCases(profiles: BillingProfileStore, onSaved: (accountId: string) => Promise<unknown>) {
  return {
    get: (userId: string) => profiles.find(userId),
    async save(userId: string, profile: BillingProfile): Promise<{ profile: BillingProfile; message: string }> {
      const saved = await profiles.save(userId, profile);
      await onSaved(userId);
      return { profile: saved, message: BILLING_PROFILE_MESSAGES.saved };
    },
  };
}
