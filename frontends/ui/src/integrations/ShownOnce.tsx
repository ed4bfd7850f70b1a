import type { ReactNode } from 'react';
import { Button } from '../components/Button';

/** A credential shown this once (a new API key, a webhook's signing secret), until the person says they copied it. */
export function ShownOnce({
  label,
  value,
  testId,
  children,
  onDone,
}: {
  label: string;
  value: string;
  testId: string;
  children: ReactNode;
  onDone: () => void;
}) {
  return (
    <div className="card stack-bottom" role="status" aria-label={label}>
      <p>{children}</p>
      <p>
        <code data-testid={testId}>{value}</code>
      </p>
      <Button variant="secondary" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}
