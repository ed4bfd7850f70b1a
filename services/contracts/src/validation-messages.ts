/** The exact texts of behaviour.md §5, shared by the services and the frontends. */
export const MESSAGES = {
  firstNameRequired: 'First name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  ageInvalid: 'Please enter a valid age (18-120)',
  genderRequired: 'Please select your gender',
  mobileInvalid: 'Please enter a valid mobile number',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  streetRequired: 'Street address is required',
  pincodeRequired: 'Pincode is required',
  pincodeInvalid: 'Pincode must be 6 digits',
  emailCannotChange: 'Email cannot be changed',
} as const;
