import { useState } from 'react';
import { CONSENT_MESSAGES, formatIndianDate, POLICIES } from '@portal/contracts';
import { Banner, Button, errorMessage, useAuth } from '@portal/ui';
import { PolicyConsent } from '../components/PolicyConsent';
import { useAcceptPolicies } from '../features/auth/consent';
import { withQueries } from '../queries';
import '../components/portal.css';

/**
 * Shown instead of a signed-in page while the Terms or the Privacy Notice in force wait for the
 * person's acceptance: after a policy changed, or for a Google account made from the sign-in page.
 */
function Consent() {
  const { signOut } = useAuth();
  const accept = useAcceptPolicies();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState('');
  async function submit() {
    if (!accepted) return setError(CONSENT_MESSAGES.required);
    setError('');
    await accept
      .mutateAsync()
      .catch((failure: unknown) => setError(errorMessage(failure, 'Your acceptance could not be saved. Please try again.')));
  }
  return (
    <section className="card auth-card" aria-labelledby="consent-title">
      <h1 id="consent-title">Please review our policies</h1>
      <p>
        Before you go on, please read and accept the {POLICIES.terms.title} (effective {formatIndianDate(POLICIES.terms.effective)}) and the{' '}
        {POLICIES.privacy.title} (effective {formatIndianDate(POLICIES.privacy.effective)}).
      </p>
      {error && <Banner kind="error">{error}</Banner>}
      <PolicyConsent accepted={accepted} onChange={setAccepted} />
      <div className="row row-between">
        <Button variant="secondary" onClick={() => void signOut()}>
          Sign out
        </Button>
        <Button disabled={accept.isPending} onClick={() => void submit()}>
          Accept and continue
        </Button>
      </div>
    </section>
  );
}

export default withQueries(Consent);
