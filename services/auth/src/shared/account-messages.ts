/** What a person is told about their account, by whichever capability meets the case. */
export const ACCOUNT_MESSAGES = {
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  badCredentials: 'Invalid email or password.',
  googleNotConfigured: 'Google sign-in is not available on this portal.',
  accountGone: 'This account no longer exists.',
} as const;
