import type { ReactNode } from 'react';

export function Tabs<T extends string>({
  tabs,
  active,
  onChange,
  label,
  className = 'tabs',
}: {
  tabs: { id: T; label: ReactNode }[];
  /** The selected tab; a list of which none is selected (one group of several) passes null. */
  active: T | null;
  onChange: (id: T) => void;
  label: string;
  className?: string;
}) {
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          role="tab"
          type="button"
          aria-selected={tab.id === active}
          className={tab.id === active ? 'tab active' : 'tab'}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
