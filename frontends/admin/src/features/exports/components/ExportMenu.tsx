import { useEffect, useRef, useState } from 'react';
import { Button } from '@portal/ui';
import { adminMayNow } from '../../../admin-session';
import { ExportButton } from './ExportButton';

/**
 * The header's three exports. Wide screens show them as buttons and hide the toggle (admin.css);
 * on a phone they sit behind one Export button, a disclosure that closes on Escape or a tap outside.
 */
export function ExportMenu({ transactionsRange }: { transactionsRange: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);
  const people = adminMayNow('export-people');
  const billing = adminMayNow('export-billing');
  if (!people && !billing) return null;
  return (
    <div ref={menu} className={open ? 'export-menu open' : 'export-menu'}>
      <Button
        variant="secondary"
        className="export-menu-toggle"
        aria-expanded={open}
        aria-controls="export-menu-items"
        onClick={() => setOpen(!open)}
      >
        Export <span aria-hidden="true">▾</span>
      </Button>
      <div id="export-menu-items" className="export-menu-items">
        {people && <ExportButton kind="users" label="Export Users" />}
        {billing && <ExportButton kind="transactions" label="Export Transactions" params={transactionsRange} />}
        {people && <ExportButton kind="feedback" label="Export Feedback" />}
      </div>
    </div>
  );
}
