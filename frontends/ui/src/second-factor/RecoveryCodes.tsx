import './second-factor.css';
import { Button } from '../components/Button';

/** Shown once, after the enrolment: the codes that stand in for a lost phone, one use each. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="codes-heading">
      <h2 id="codes-heading">Save your recovery codes</h2>
      <p>
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe, apart from the phone. They are not shown
        again.
      </p>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button className="full-width" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </section>
  );
}
