import { useState } from 'react';
import { Button } from '@portal/ui';
import { exportCsv, type ExportKind } from '../api';

/** One header export: it reads 'Exporting...' and waits while the file downloads. */
export function ExportButton({ kind, label, params }: { kind: ExportKind; label: string; params?: Record<string, string> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setBusy(true);
        await exportCsv(kind, params);
        setBusy(false);
      }}
    >
      {busy ? 'Exporting...' : label}
    </Button>
  );
}
