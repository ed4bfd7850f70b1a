import type { CustomerFirm, DeviceView, SubscriptionSummary } from '@portal/contracts';

/** auth, as partners ask it: who a person is, and who is on a partner's staff. */
export interface AccountsPort {
  emailOf(userId: string): Promise<string | null>;
  addStaff(email: string, partnerId: string): Promise<{ userId: string; email: string }>;
  removeStaff(partnerId: string, userId: string): Promise<void>;
  /** The firms the person owns or administers. */
  firmsManagedBy(userId: string): Promise<CustomerFirm[]>;
}

/** billing, as partners ask it: a customer's plan and PCs, and a pro-forma in their name. */
export interface BillingPort {
  subscriptions(userIds: string[]): Promise<SubscriptionSummary[]>;
  devices(userId: string): Promise<DeviceView[]>;
  raiseProforma(userId: string, email: string, body: object): Promise<unknown>;
}
