/**
 * GST's identifiers, shared by the billing profile form and billing: the states with their GST
 * state codes, and the GSTIN's format and check character (the published mod-36 algorithm).
 * Plain data and functions, no zod, so a page can check a GSTIN as it is typed.
 */

/** The GST state and union-territory codes a place of supply can have (25 and 28 are retired). */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
] as const;
export type GstStateCode = (typeof GST_STATES)[number]['code'];

export const gstStateByCode = (code: string) => GST_STATES.find((state) => state.code === code);

/** State code, PAN (five letters, four digits, a letter), entity number, Z, check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const GSTIN_MESSAGES = {
  format: 'A GSTIN is 15 characters: the state code, the PAN, the entity number, Z and a check character',
  checkCharacter: 'This GSTIN is not valid: its last character does not match the rest. Please check it for a typing error',
  unknownState: 'This GSTIN starts with an unknown state code',
  stateMismatch: (state: string) => `This GSTIN is registered in another state than ${state}`,
} as const;

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters (Luhn mod 36, factors 1 and 2 from the left). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = BASE36.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** What is wrong with a GSTIN (upper-cased and trimmed first), or null when it is valid; with a state, it must be that state's. */
export function gstinProblem(gstin: string, stateCode?: string): string | null {
  const value = gstin.trim().toUpperCase();
  if (!GSTIN_PATTERN.test(value)) return GSTIN_MESSAGES.format;
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) return GSTIN_MESSAGES.checkCharacter;
  const state = gstStateByCode(value.slice(0, 2));
  if (!state) return GSTIN_MESSAGES.unknownState;
  if (stateCode && stateCode !== state.code) return GSTIN_MESSAGES.stateMismatch(gstStateByCode(stateCode)?.name ?? stateCode);
  return null;
}
