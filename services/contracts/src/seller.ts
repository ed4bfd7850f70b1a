import { z } from 'zod';

/**
 * GET /api/seller: who sells the product, for the contact, privacy and policy pages. `demo` says
 * the settings are not given and the details are a placeholder (behaviour.md §2).
 */
export const sellerDetailsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  gstin: z.string(),
  email: z.string(),
  phone: z.string(),
  grievanceOfficer: z.object({ name: z.string(), email: z.string() }),
  demo: z.boolean(),
});
export type SellerDetails = z.infer<typeof sellerDetailsSchema>;
