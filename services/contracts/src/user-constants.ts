import { MESSAGES } from './validation-messages';

// The user rules' constants (behaviour.md §5, §9), apart from the schemas so that a page that needs only
// these does not bring zod with it.
export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export const DEFAULT_COUNTRY = 'India';
export const AGE_RANGE = { min: 18, max: 120 } as const;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PINCODE_LENGTH = 6;

/** What is wrong with a new password; '' when nothing is. The schema of every body that sets one asks this too. */
export function newPasswordProblem(password: string): string {
  if (!password) return MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  return password.length > PASSWORD_MAX_LENGTH ? MESSAGES.passwordTooLong : '';
}

/** What is wrong with a new password and its confirmation, typed twice on a form; '' when nothing is. */
export function newPasswordPairProblem(password: string, confirmation: string): string {
  return newPasswordProblem(password) || (password === confirmation ? '' : MESSAGES.passwordsDoNotMatch);
}
