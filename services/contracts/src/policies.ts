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

/**
 * What a user token says of its person: `pol`, the versions they accepted ('' for
 * none), and `age: false` while their age is still to be given. Auth writes it; every service reads
 * it to refuse calls until the person accepts the versions in force. A token from before the claim
 * existed has no `pol` and is not refused; it lives at most one token lifetime.
 */
export interface ConsentClaims {
  pol?: string;
  age?: false;
}

export const consentClaimOf = (accepted: AcceptedPolicies | null | undefined): string =>
  accepted ? CONSENT_POLICIES.map((policy) => accepted[policy]).join(',') : '';

/** The claim of a person who accepted the versions in force: constants, so made once, not per call. */
const CURRENT_CLAIM = /*#__PURE__*/ consentClaimOf(currentPolicyVersions());

/** Whether the person behind a token must accept the policies in force (or give their age) before going on. */
export const isConsentDue = ({ pol, age }: ConsentClaims): boolean => pol !== undefined && (pol !== CURRENT_CLAIM || age === false);

export const CONSENT_MESSAGES = {
  required: 'Please accept the Terms of Service and the Privacy Notice to continue',
  due: 'Please review and accept the current Terms of Service and Privacy Notice before you go on.',
  outdated: 'The Terms of Service or the Privacy Notice changed while this page was open. Please read and accept the current versions.',
} as const;
