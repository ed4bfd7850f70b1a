import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Signup from '../src/pages/Signup';
import { validateStep } from '../src/pages/signup-rules';
import { renderPage } from './render';

const valid = {
  firstName: 'Ravi',
  lastName: '',
  email: 'ravi@example.in',
  password: 'secret12',
  confirmPassword: 'secret12',
  age: '40',
  gender: 'male',
  mobileNumber: '+91 9876543210',
  occupation: '',
  organization: '',
  street: '1 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
};

describe('sign-up wizard', () => {
  it.each([
    [0, { firstName: '' }, 'First name is required'],
    [0, { email: '' }, 'Email is required'],
    [0, { email: 'ravi@' }, 'Please enter a valid email address'],
    [0, { password: '', confirmPassword: '' }, 'Password is required'],
    [0, { password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    [0, { confirmPassword: 'other1' }, 'Passwords do not match'],
    [1, { age: '17' }, 'Please enter a valid age (18-120)'],
    [1, { age: '' }, 'Please enter a valid age (18-120)'],
    [1, { gender: '' }, 'Please select your gender'],
    [1, { mobileNumber: '98765' }, 'Please enter a valid mobile number'],
    [2, { city: '' }, 'City is required'],
    [2, { state: '' }, 'State is required'],
    [2, { street: '' }, 'Street address is required'],
    [2, { pincode: '' }, 'Pincode is required'],
    [2, { pincode: '4110' }, 'Pincode must be 6 digits'],
  ])('when step %i has %p, then it says "%s"', (step, change, message) => {
    expect(validateStep(step, { ...valid, ...change })).toBe(message);
  });

  it('when every step is valid, then there is nothing to say', () => {
    expect([0, 1, 2].map((step) => validateStep(step, valid))).toEqual(['', '', '']);
  });

  it('when Next is pressed on an empty first step, then the error shows; moving on and back clears it', async () => {
    const user = userEvent.setup();
    renderPage(<Signup />, '/signup');
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('First name is required');

    await user.type(screen.getByLabelText('First name'), 'Ravi');
    await user.type(screen.getByLabelText('Email'), 'ravi@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please accept the Terms of Service and the Privacy Notice to continue');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Notice' })).toHaveAttribute('href', '/privacy');
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Notice/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid age (18-120)');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ravi');
  });

  it('when the password is shown, then its field becomes plain text', async () => {
    const user = userEvent.setup();
    renderPage(<Signup />, '/signup');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});
