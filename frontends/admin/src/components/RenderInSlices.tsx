import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * A long list's items after the first few, drawn a slice at a time once the screen has painted:
 * each slice is its own small render and commit, a transition started when the previous one is on
 * screen. RenderAfter's single transition renders in pauses, but commits every row at once, and
 * that commit (forty rows of the users' table) was one task long enough to count as blocking
 * (Lighthouse's total blocking time, docs/operations.md).
 */
export function RenderInSlices<T>({
  items,
  perSlice,
  children,
}: {
  items: readonly T[];
  perSlice: number;
  children: (item: T) => ReactNode;
}) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown < items.length) startTransition(() => setShown(Math.min(items.length, shown + perSlice)));
  }, [shown, items.length, perSlice]);
  return <>{items.slice(0, shown).map(children)}</>;
}
