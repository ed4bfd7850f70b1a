import { useEffect, type ReactNode } from 'react';

export const BANNER_MS = 3000;

/** A status message; a success banner goes away after 3 seconds (spec §9). */
export function Banner({ kind, children, onDone }: { kind: 'success' | 'error' | 'info'; children: ReactNode; onDone?: () => void }) {
  useEffect(() => {
    if (kind !== 'success' || !onDone) return;
    const timer = setTimeout(onDone, BANNER_MS);
    return () => clearTimeout(timer);
  }, [kind, onDone]);
  return (
    <div className={`banner banner-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
