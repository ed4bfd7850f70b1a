import { useDeferredValue, type ReactNode } from 'react';

/**
 * Shows its children one render after the rest of the screen: the screen paints without them,
 * then React renders them as a transition, in slices it pauses between, so a long list or a chart
 * below the fold neither delays the first paint nor blocks a tap (docs/decisions/0031).
 */
export function RenderAfter({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
