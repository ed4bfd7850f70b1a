/** A busy indicator; its label is read out, and shown too where the page names what it waits for. */
export function Spinner({ label = 'Loading…', showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className={showLabel ? 'spinner-label' : 'visually-hidden'}>{label}</span>
    </div>
  );
}
