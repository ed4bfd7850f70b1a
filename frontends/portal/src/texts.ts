import { TRIAL_MESSAGES } from '@portal/contracts';

/** The portal's own messages (the spec's texts), written once; rules and field texts come from @portal/contracts. */
export const TEXTS = {
  trialStarted: TRIAL_MESSAGES.started,
  trialFailed: 'Failed to start trial',
  plansFailed: 'Failed to fetch data',
  orderRedirecting: 'Redirecting you to the payment gateway…',
  orderWithoutCheckout: 'Failed to create payment order',
  orderFailed: 'Payment initiation failed',
  downloadInfoFailed: 'Failed to load download information',
  downloadFailed: 'Download failed',
  profileFailed: 'Failed to load profile',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile',
  billingFailed: 'Your billing details could not be loaded',
  billingSaveFailed: 'Your billing details could not be saved',
  historyFailed: 'Your billing history could not be loaded',
  invoiceDownloadFailed: 'The invoice could not be downloaded. Please try again.',
  billingBeforePaying: 'Your tax invoice needs your billing details. Save them to continue to payment.',
} as const;

export interface Message {
  kind: 'success' | 'error' | 'info';
  text: string;
}
