import { CONSENT_MESSAGES, isCurrentConsent, type AcceptedPolicies } from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import type { StoredConsent } from './ports';

/**
 * Only the versions in force can be accepted: a form opened before a policy changed showed the
 * old text, so the person is asked to read the new one (behaviour.md §3).
 */
export function consentTo(accepted: AcceptedPolicies, at: Date): StoredConsent {
  if (!isCurrentConsent(accepted)) throw badRequest(CONSENT_MESSAGES.outdated);
  return { terms: accepted.terms, privacy: accepted.privacy, acceptedAt: at };
}
