import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen: it scrolls sideways inside the page instead of widening it.
 * Focusable and named, so a keyboard can scroll it too (axe's scrollable-region-focusable).
 */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-x" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
