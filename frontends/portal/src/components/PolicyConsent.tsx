import { POLICIES } from '@portal/contracts';
import { Link } from '@portal/ui';

/** The box a person ticks to accept the Terms and the Privacy Notice, each a link that opens beside the form. */
export function PolicyConsent({ accepted, onChange }: { accepted: boolean; onChange: (accepted: boolean) => void }) {
  return (
    <div className="field consent">
      <label>
        <input type="checkbox" checked={accepted} onChange={(event) => onChange(event.target.checked)} /> I accept the{' '}
        <Link to={POLICIES.terms.path} target="_blank">
          {POLICIES.terms.title}
        </Link>{' '}
        and the{' '}
        <Link to={POLICIES.privacy.path} target="_blank">
          {POLICIES.privacy.title}
        </Link>
      </label>
    </div>
  );
}
