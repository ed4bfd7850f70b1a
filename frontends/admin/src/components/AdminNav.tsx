import type { ReactNode } from 'react';
import { Tabs } from '@portal/ui';

export interface NavGroup<T extends string> {
  label: string;
  sections: { id: T; label: ReactNode }[];
}

/**
 * The admin area's sections in named groups: a column beside the content on a wide screen, and
 * on a phone one wrapped row per group above it, so every section stays in sight without a
 * sideways scroll. Each group is its own tab list; the selected section's tab is the one selected.
 */
export function AdminNav<T extends string>({ groups, active, onChange }: { groups: NavGroup<T>[]; active: T; onChange: (id: T) => void }) {
  return (
    <nav className="admin-nav" aria-label="Admin sections">
      {groups.map((group) => (
        <div key={group.label} className="admin-nav-group">
          <p className="admin-nav-heading" aria-hidden="true">
            {group.label}
          </p>
          <Tabs
            label={group.label}
            className="admin-nav-tabs"
            tabs={group.sections}
            active={group.sections.some((section) => section.id === active) ? active : null}
            onChange={onChange}
          />
        </div>
      ))}
    </nav>
  );
}
