import { z } from 'zod';
import { CONSENT_MESSAGES, currentPolicyVersions, POLICIES, type AcceptedPolicies, type PolicyName } from './policies';

/** What a person ticked: the versions of the Terms and the Privacy Notice they were shown. */
export const acceptedPoliciesSchema: z.ZodType<AcceptedPolicies> = z.strictObject(
  { terms: z.string().max(20), privacy: z.string().max(20) },
  { error: CONSENT_MESSAGES.required },
);

/** A person's recorded consent: the versions and when they accepted them. */
export const consentRecordSchema = z.object({ terms: z.string(), privacy: z.string(), acceptedAt: z.string() });
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** GET /api/auth/consent: what the person accepted, and whether they must accept the current versions (or give their age) first. */
export interface ConsentStatus {
  consent: ConsentRecord | null;
  required: boolean;
  /** The account has no age: the gate asks for it, with sign-up's rule (18 to 120). */
  ageRequired: boolean;
  /** POST only: a token that carries the acceptance, for the session that made it. */
  token?: string;
}

/**
 * GET /api/auth/policies, public: the policies a visitor can read, and the versions a sign-up
 * (`acceptedPolicies`) or the consent gate (`accepted`) must name, for clients of the API.
 */
export interface PoliciesAnswer {
  policies: { name: PolicyName; title: string; path: string; version: string; effective: string }[];
  accept: AcceptedPolicies;
}

/**
 * The 403 every user call but a few answers while `ConsentStatus.required`: the
 * versions to accept, beside the shared error body, whose `error` is `consent_required`.
 */
export interface ConsentRequiredExtra {
  versions: AcceptedPolicies;
  ageRequired: boolean;
}

export const policiesAnswer = (): PoliciesAnswer => ({
  policies: (Object.keys(POLICIES) as PolicyName[]).map((name) => ({ name, ...POLICIES[name] })),
  accept: currentPolicyVersions(),
});
