/**
 * The policies a visitor can read (behaviour.md §2), each with the version people accept and the
 * date it takes effect. Raising the Terms' or the Privacy Notice's version asks every signed-in
 * user to accept it once more before going on. Plain data, no schemas: the shell's footer reads it.
 */
export const POLICIES = {
  terms: { title: 'Terms of Service', path: '/terms', version: '2026-11-24', effective: '2026-11-24' },
  privacy: { title: 'Privacy Notice', path: '/privacy', version: '2026-11-24', effective: '2026-11-24' },
  refund: { title: 'Refund and Cancellation Policy', path: '/refund-policy', version: '2026-11-24', effective: '2026-11-24' },
} as const;
export type PolicyName = keyof typeof POLICIES;

/** The policies sign-up asks a person to accept. */
export const CONSENT_POLICIES = ['terms', 'privacy'] as const;

/** The versions of the accepted policies, as a form sends them and the account keeps them. */
export type AcceptedPolicies = Record<(typeof CONSENT_POLICIES)[number], string>;

/** The versions in force now, which is what a form offers for acceptance. */
export const currentPolicyVersions = (): AcceptedPolicies => ({ terms: POLICIES.terms.version, privacy: POLICIES.privacy.version });

/** Whether what a person accepted is what is in force now. */
export const isCurrentConsent = (accepted: AcceptedPolicies | null | undefined) =>
  !!accepted && CONSENT_POLICIES.every((policy) => accepted[policy] === POLICIES[policy].version);

export const CONSENT_MESSAGES = {
  required: 'Please accept the Terms of Service and the Privacy Notice to continue',
  outdated: 'The Terms of Service or the Privacy Notice changed while this page was open. Please read and accept the current versions.',
} as const;
