import { useState } from 'react';
import { AGE_RANGE, CONSENT_MESSAGES, formatIndianDate, POLICIES } from '@portal/contracts';
import { Banner, Button, errorMessage, TextField, useAuth } from '@portal/ui';
import { PolicyConsent } from '../components/PolicyConsent';
import { useAcceptPolicies } from '../features/auth/consent';
import { withQueries } from '../queries';
import '../components/portal.css';

/**
 * Shown instead of a signed-in page while the Terms or the Privacy Notice in force wait for the
 * person's acceptance: after a policy changed, or for a Google account made from the sign-in page.
 * A Google account also gives its age here, with sign-up's rule (18 to 120).
 */
function Consent() {
  const { signOut, ageRequired, policiesDue } = useAuth();
  const accept = useAcceptPolicies();
  const [accepted, setAccepted] = useState(false);
  const [age, setAge] = useState('');
  const [error, setError] = useState('');
  async function submit() {
    if (policiesDue && !accepted) return setError(CONSENT_MESSAGES.required);
    setError('');
    // the server holds sign-up's age rule and answers its message
    await accept
      .mutateAsync(ageRequired ? Number(age) : undefined)
      .catch((failure: unknown) => setError(errorMessage(failure, 'Your acceptance could not be saved. Please try again.')));
  }
  return (
    <section className="card auth-card" aria-labelledby="consent-title">
      <h1 id="consent-title">{policiesDue ? 'Please review our policies' : 'Please tell us your age'}</h1>
      {policiesDue && (
        <p>
          Before you go on, please read and accept the {POLICIES.terms.title} (effective {formatIndianDate(POLICIES.terms.effective)}) and
          the {POLICIES.privacy.title} (effective {formatIndianDate(POLICIES.privacy.effective)}).
        </p>
      )}
      {ageRequired && <p>Google does not share your age with us, and the portal is for adults: please enter it to go on.</p>}
      {error && <Banner kind="error">{error}</Banner>}
      {ageRequired && (
        <TextField
          label="Age"
          type="number"
          inputMode="numeric"
          min={AGE_RANGE.min}
          max={AGE_RANGE.max}
          value={age}
          onChange={(event) => setAge(event.target.value)}
        />
      )}
      {policiesDue && <PolicyConsent accepted={accepted} onChange={setAccepted} />}
      <div className="row row-between">
        <Button variant="secondary" onClick={() => void signOut()}>
          Sign out
        </Button>
        <Button disabled={accept.isPending} onClick={() => void submit()}>
          {policiesDue ? 'Accept and continue' : 'Continue'}
        </Button>
      </div>
    </section>
  );
}

export default withQueries(Consent);
