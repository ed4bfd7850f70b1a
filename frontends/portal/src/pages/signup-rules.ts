/**
 * The sign-up wizard's rules of behaviour.md §5, from the shared contracts. A module of their own: they
 * bring zod, which the wizard loads once the visitor starts on the form rather than with the page.
 */
import {
  addressSchema,
  ageSchema,
  emailSchema,
  genderSchema,
  MESSAGES,
  mobileNumberSchema,
  newPasswordPairProblem,
} from '@portal/contracts';
import type { SignupForm } from './Signup';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? '' : (result.error?.issues[0]?.message ?? '');

/** The rules of behaviour.md §5 for one step, from the shared contracts; '' when the step is valid. */
export function validateStep(step: number, form: SignupForm): string {
  if (step === 0) {
    if (!form.firstName.trim()) return MESSAGES.firstNameRequired;
    const email = firstError(emailSchema.safeParse(form.email));
    if (email) return email;
    return newPasswordPairProblem(form.password, form.confirmPassword);
  }
  if (step === 1) {
    return (
      firstError(ageSchema.safeParse(form.age)) ||
      firstError(genderSchema.safeParse(form.gender)) ||
      (form.mobileNumber.trim() ? firstError(mobileNumberSchema.safeParse(form.mobileNumber)) : '')
    );
  }
  // Street, city, state and pincode, in the order behaviour.md §5 lists the checks.
  const address = addressSchema.safeParse({ street: form.street, city: form.city, state: form.state, pincode: form.pincode });
  if (address.success) return '';
  const order = ['city', 'state', 'street', 'pincode'];
  const issues = [...address.error.issues].sort((a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])));
  return issues[0]!.message;
}
