import { useEffect, useRef, type ReactNode } from 'react';

export const BANNER_MS = 3000;

/**
 * A status message; a success banner goes away 3 seconds after it appears (behaviour.md §9), however
 * often the page renders meanwhile (onDone is usually a new function each render). A new message
 * is a new banner: give it a `key`, and its 3 seconds start again.
 */
export function Banner({ kind, children, onDone }: { kind: 'success' | 'error' | 'info'; children: ReactNode; onDone?: () => void }) {
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const dismissible = Boolean(onDone);
  useEffect(() => {
    if (kind !== 'success' || !dismissible) return;
    const timer = setTimeout(() => done.current?.(), BANNER_MS);
    return () => clearTimeout(timer);
  }, [kind, dismissible]);
  return (
    <div className={`banner banner-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
