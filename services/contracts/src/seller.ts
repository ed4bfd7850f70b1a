/**
 * GET /api/seller: who sells the product, for the contact, privacy and policy pages. `demo` says
 * the settings are not given and the details are a placeholder (behaviour.md §2).
 */
export interface SellerDetails {
  legalName: string;
  address: string;
  gstin: string;
  email: string;
  phone: string;
  grievanceOfficer: { name: string; email: string };
  demo: boolean;
}
