import { z } from 'zod';
import { CONSENT_MESSAGES, type AcceptedPolicies } from './policies';

/** What a person ticked: the versions of the Terms and the Privacy Notice they were shown. */
export const acceptedPoliciesSchema: z.ZodType<AcceptedPolicies> = z.strictObject(
  { terms: z.string().max(20), privacy: z.string().max(20) },
  { error: CONSENT_MESSAGES.required },
);

/** A person's recorded consent: the versions and when they accepted them. */
export const consentRecordSchema = z.object({ terms: z.string(), privacy: z.string(), acceptedAt: z.string() });
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** POST /api/auth/consent: the signed-in person accepts the versions in force. */
export const consentBodySchema = z.strictObject({ accepted: acceptedPoliciesSchema });

/** GET /api/auth/consent: what the person accepted, and whether they must accept the current versions first. */
export interface ConsentStatus {
  consent: ConsentRecord | null;
  required: boolean;
}
