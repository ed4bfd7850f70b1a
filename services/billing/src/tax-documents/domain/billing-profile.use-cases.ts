import { BILLING_PROFILE_MESSAGES, type BillingProfile } from '@portal/contracts';
import type { BillingProfileStore } from './ports';

/** The buyer's billing details, which their tax invoices will carry. */
export function billingProfileUseCases(profiles: BillingProfileStore) {
  return {
    get: (userId: string) => profiles.find(userId),
    async save(userId: string, profile: BillingProfile): Promise<{ profile: BillingProfile; message: string }> {
      return { profile: await profiles.save(userId, profile), message: BILLING_PROFILE_MESSAGES.saved };
    },
  };
}
