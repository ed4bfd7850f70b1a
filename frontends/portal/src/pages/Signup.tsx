import { useEffect, useState, type FormEvent } from 'react';
import { CONSENT_MESSAGES, currentPolicyVersions, GENDERS, type AuthResponse, type SecondFactorStep } from '@portal/contracts';
import { Banner, Button, errorMessage, Link, TextField, useAuth, useSearchParams } from '@portal/ui';
import { PasswordPair } from '@portal/ui/password-pair';
import { register } from '../features/auth/api';
import { claimKeptPartner, keepPartnerCode } from '../features/partner/api';
import { claimKeptReferral, keepReferralCode } from '../features/referrals/api';
import { SecondFactorSignIn } from '../features/auth/components/SecondFactorSignIn';
import { GoogleSignIn } from '../components/GoogleSignIn';
import { PolicyConsent } from '../components/PolicyConsent';
import { nextPath } from './next-path';
import '../components/portal.css';

const STEPS = ['Create Your Account', 'Personal Information', 'Address & Details'] as const;
const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

const emptyForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  age: '',
  gender: '',
  mobileNumber: '',
  occupation: '',
  organization: '',
  street: '',
  city: '',
  state: '',
  pincode: '',
};
export type SignupForm = typeof emptyForm;

// Loaded on the first focus in the form, or at the first Next (see signup-rules.ts); a failed
// load is forgotten so that the next Next tries again.
let rules: Promise<typeof import('./signup-rules')> | undefined;
const loadRules = () =>
  (rules ??= import('./signup-rules').catch((error: unknown) => {
    rules = undefined;
    throw error;
  }));

export default function Signup() {
  const { signIn } = useAuth();
  const [params] = useSearchParams();
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<SignupForm>(emptyForm);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState(false);
  // Google's account was an existing one with a second factor
  const [secondFactor, setSecondFactor] = useState<SecondFactorStep | null>(null);
  // a referral link's code is kept, and claimed once the account is signed in
  useEffect(() => keepReferralCode(params), [params]);
  // so is a dealer's link's partner code
  useEffect(() => keepPartnerCode(params), [params]);
  const enter = async ({ token, user }: AuthResponse) => {
    await claimKeptReferral(token);
    await claimKeptPartner(token);
    await signIn(token, user, nextPath(params, '/profile?complete-profile=true'));
  };
  const setValue = (field: keyof SignupForm) => (value: string) => setForm({ ...form, [field]: value });
  const set = (field: keyof SignupForm) => (event: { target: { value: string } }) => setValue(field)(event.target.value);

  const move = (to: number) => {
    setError('');
    setStep(to);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const loaded = await loadRules().catch(() => undefined);
    if (!loaded) return setError('The form could not be checked. Please check your connection and try again.');
    const problem = loaded.validateStep(step, form) || (step === 0 && !accepted ? CONSENT_MESSAGES.required : '');
    if (problem) return setError(problem);
    if (step < 2) return move(step + 1);
    setBusy(true);
    try {
      const data = await register({
        firstName: form.firstName,
        lastName: form.lastName || undefined,
        email: form.email,
        password: form.password,
        acceptedPolicies: currentPolicyVersions(),
        personalInfo: {
          age: Number(form.age),
          gender: form.gender as (typeof GENDERS)[number], // the wizard's rules checked it
          mobileNumber: form.mobileNumber || undefined,
          occupation: form.occupation || undefined,
          organization: form.organization || undefined,
          address: { street: form.street, city: form.city, state: form.state, pincode: form.pincode },
        },
      });
      await claimKeptReferral(data.token);
      await claimKeptPartner(data.token);
      await signIn(data.token, data.user, nextPath(params, '/profile'));
    } catch (failure) {
      setError(errorMessage(failure, 'Signup failed'));
      setBusy(false);
    }
  }

  if (secondFactor) {
    return (
      <div className="card auth-card">
        <h1>Sign in</h1>
        <SecondFactorSignIn step={secondFactor} onSignedIn={enter} onRestart={() => setSecondFactor(null)} />
      </div>
    );
  }
  return (
    <div className="card auth-card">
      <h1>{STEPS[step]}</h1>
      <p className="muted">Step {step + 1} of 3</p>
      <div className="wizard-dots" aria-hidden="true">
        {STEPS.map((title, index) => (
          <span key={title} className={index <= step ? 'done' : ''} />
        ))}
      </div>
      {error && <Banner kind="error">{error}</Banner>}
      <form onSubmit={submit} onFocus={() => void loadRules().catch(() => undefined)} noValidate>
        {step === 0 && (
          <>
            <TextField label="First name" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
            <TextField label="Last name (optional)" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
            <TextField label="Email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
            <PasswordPair
              password={form.password}
              confirmation={form.confirmPassword}
              onPassword={setValue('password')}
              onConfirmation={setValue('confirmPassword')}
            />
            <PolicyConsent accepted={accepted} onChange={setAccepted} />
          </>
        )}
        {step === 1 && (
          <>
            <TextField label="Age" type="number" inputMode="numeric" min={18} max={120} value={form.age} onChange={set('age')} />
            <div className="field">
              <label htmlFor="gender">Gender</label>
              <select id="gender" value={form.gender} onChange={set('gender')}>
                <option value="">Select…</option>
                {GENDERS.map((gender) => (
                  <option key={gender} value={gender}>
                    {GENDER_LABELS[gender]}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label="Mobile number"
              type="tel"
              autoComplete="tel"
              placeholder="+91 9876543210"
              value={form.mobileNumber}
              onChange={set('mobileNumber')}
            />
            <TextField label="Occupation (optional)" value={form.occupation} onChange={set('occupation')} />
            <TextField
              label="Organization (optional)"
              autoComplete="organization"
              value={form.organization}
              onChange={set('organization')}
            />
          </>
        )}
        {step === 2 && (
          <>
            <TextField label="Street address" autoComplete="street-address" value={form.street} onChange={set('street')} />
            <TextField label="City" autoComplete="address-level2" value={form.city} onChange={set('city')} />
            <TextField label="State" autoComplete="address-level1" value={form.state} onChange={set('state')} />
            <TextField
              label="Pincode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              value={form.pincode}
              onChange={set('pincode')}
            />
            <TextField label="Country" value="India" readOnly />
          </>
        )}
        <div className="row row-between">
          <Button variant="secondary" disabled={step === 0} onClick={() => move(step - 1)}>
            Previous
          </Button>
          <Button type="submit" disabled={busy}>
            {step < 2 ? 'Next' : busy ? 'Creating your account…' : 'Create Account'}
          </Button>
        </div>
      </form>
      {step === 0 && (
        <GoogleSignIn
          purpose="signup"
          acceptedPolicies={accepted ? currentPolicyVersions() : undefined}
          onSignedIn={(answer) => ('challenge' in answer ? setSecondFactor(answer) : enter(answer))}
          onError={setError}
        />
      )}
      <p className="muted">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </div>
  );
}
