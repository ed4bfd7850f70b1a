// The user rules' constants (behaviour.md §5, §9), apart from the schemas so that a page that needs only
// these does not bring zod with it.
export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export const DEFAULT_COUNTRY = 'India';
export const AGE_RANGE = { min: 18, max: 120 } as const;
export const PASSWORD_MIN_LENGTH = 6;
export const PINCODE_LENGTH = 6;
